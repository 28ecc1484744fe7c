import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { META_KEYS, MESSAGES, type User } from '@portal/contract';
import { buildUser, buildUsersPage } from '../../test/builders';
import { csv, mockApi, stubDownloads, type MockHandler } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin', email: 'ada@example.com' });
const casey = buildUser({
  id: 7,
  name: 'Casey Customer',
  createdAt: '2024-05-01T10:00:00.000Z',
  meta: [{ key: META_KEYS.companyName, value: 'Acme Haulage' }],
});

function renderUsers(
  path: string,
  users: MockHandler | User[] = [admin, casey],
  more: Record<string, MockHandler> = {},
) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users': Array.isArray(users) ? () => ({ body: buildUsersPage(users, { total: 60 }) }) : users,
    ...more,
  });
  const view = renderApp(path);
  const query = () => new URLSearchParams(view.router.state.location.search);
  const requests = () => http.calls('GET users').map((call) => call.url.searchParams);
  return { ...view, http, query, requests };
}

// The first test of a run also loads the lazy route modules: allow more than the default second.
const findText = (text: string) => screen.findByText(text, {}, { timeout: 5000 });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Users list', () => {
  it('shows the users with company, role and date, and highlights admin rows', async () => {
    renderUsers('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    await findText('Casey Customer');
    const caseyRow = row('Casey Customer');
    expect(within(caseyRow).getByText('Acme Haulage')).toBeInTheDocument();
    expect(within(caseyRow).getByText('May 1, 2024')).toBeInTheDocument();
    expect(within(caseyRow).getByText('Customer')).toBeInTheDocument();
    const adminRow = row('Ada Admin');
    expect(adminRow).toHaveAttribute('data-admin', 'true');
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    for (const label of ['NSBI Dashboards', 'Refresh', 'Add New']) {
      expect(screen.getByRole(label === 'Refresh' ? 'button' : 'link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/admin/users/create');
  });

  it('on a phone-sized screen shows name and email first and folds the actions into one menu', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      renderUsers('/admin/users');
      await findText('Casey Customer');
      const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
      expect(headers.indexOf('Name')).toBeLessThan(headers.indexOf('ID'));
      const caseyRow = row('Casey Customer');
      // The email sits under the name, in the same cell.
      const nameCell = within(caseyRow).getAllByRole('cell')[headers.indexOf('Name')]!;
      expect(within(nameCell).getByText(casey.email)).toBeInTheDocument();
      expect(within(caseyRow).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      await userEvent
        .setup()
        .click(within(caseyRow).getByRole('button', { name: 'Actions for Casey Customer' }));
      const menu = await screen.findByRole('menu');
      for (const item of ['Edit', 'Change Logo', 'Activity', 'Settings', 'Delete']) {
        expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
      }
      expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
        'href',
        '/admin/users/7/settings',
      );
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('hides Delete on your own row only', async () => {
    renderUsers('/admin/users');
    await findText('Casey Customer');
    expect(within(row('Casey Customer')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(row('Ada Admin')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(row('Ada Admin')).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/admin/users/1/edit',
    );
    // Settings has its own URL: a new tab or a reload shows that user, not the admin.
    expect(within(row('Casey Customer')).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/admin/users/7/settings',
    );
  });

  it('says there are no records when the list is empty', async () => {
    renderUsers('/admin/users', []);
    expect(await findText(MESSAGES.noRecords)).toBeInTheDocument();
  });

  it('exports the blocked list as shown (search and order, every page) as a CSV download', async () => {
    const { http } = renderUsers('/admin/users?blocked&sortColumn=name&search=ac', [casey], {
      'GET users/export': () => csv('id\n7\n'),
    });
    const { click, exported } = stubDownloads(http, 'GET users/export');
    await findText('Casey Customer');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await exported()).toMatchObject({
      format: 'csv',
      blocked: '1',
      sortColumn: 'name',
      search: 'ac',
    });
    click.mockRestore();
  });

  it('reads page, size, sort and search from the URL and asks the API for exactly that', async () => {
    const { requests } = renderUsers(
      '/admin/users?page=2&paginate=10&sortColumn=name&sortDirection=desc&search=ac',
    );
    await findText('Casey Customer');
    expect(Object.fromEntries(requests()[0]!)).toEqual({
      page: '2',
      paginate: '10',
      sortColumn: 'name',
      sortDirection: 'desc',
      search: 'ac',
    });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('ac');
  });

  it('sorting by a header puts the sort in the URL and goes back to page 1', async () => {
    const { query, requests } = renderUsers('/admin/users?page=3');
    await findText('Casey Customer');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(query().get('sortColumn')).toBe('email'));
    expect(query().get('page')).toBeNull();
    // The router renders a navigation in a transition: the header follows the URL a moment later.
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending'),
    );

    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(query().get('sortDirection')).toBe('desc'));
    await waitFor(() => expect(requests().at(-1)?.get('sortDirection')).toBe('desc'));
    expect(requests().at(-1)?.get('page')).toBe('1');
  });

  it('searches after the debounce, once, and goes back to page 1', async () => {
    const { query, requests } = renderUsers('/admin/users?page=2');
    await findText('Casey Customer');
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'acme');
    // Nothing is asked while typing…
    expect(query().get('search')).toBeNull();
    // …then one search for the whole word, on page 1.
    await waitFor(() => expect(query().get('search')).toBe('acme'), { timeout: 2000 });
    expect(query().get('page')).toBeNull();
    await waitFor(() => expect(requests().at(-1)?.get('search')).toBe('acme'));
    expect(requests().filter((q) => q.has('search'))).toHaveLength(1);
    expect(requests().at(-1)?.get('page')).toBe('1');
  });

  it('changes page and page size through the URL', async () => {
    const { query } = renderUsers('/admin/users?page=2');
    await findText('Casey Customer');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(query().get('page')).toBe('3'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(query().get('paginate')).toBe('50'));
    expect(query().get('page')).toBeNull();
  });

  it('paging from the pager under the table brings the table top back into view', async () => {
    const { query } = renderUsers('/admin/users');
    await findText('Casey Customer');
    // jsdom has no layout (test/setup.ts gives elements a no-op scrollIntoView): watch it.
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    // The window is scrolled down to the pager: the table's top is above the viewport.
    const above = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: -800 } as DOMRect);
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
      await waitFor(() => expect(query().get('page')).toBe('2'));
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    } finally {
      scrolled.mockRestore();
      above.mockRestore();
    }
  });

  it('goes to the last page when the URL points past it', async () => {
    const { query } = renderUsers('/admin/users?page=9', () => ({
      body: buildUsersPage([], { page: 9, total: 30 }),
    }));
    await waitFor(() => expect(query().get('page')).toBe('2'));
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let fail = true;
    renderUsers('/admin/users', () =>
      fail ? { status: 403, body: { message: 'Nope' } } : { body: buildUsersPage([casey]) },
    );
    expect(await findText(MESSAGES.dataFetchFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Casey Customer')).toBeInTheDocument();
  });
});

describe('Blocked users list', () => {
  const blocked = buildUser({ id: 9, name: 'Bo Blocked', blocked: true });

  it('lists blocked users with Restore as the only row action and no Add New', async () => {
    const { requests } = renderUsers('/admin/users?blocked', [blocked]);
    expect(
      await screen.findByRole('heading', { name: 'Blocked Users' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await findText('Bo Blocked');
    expect(requests()[0]?.get('blocked')).toBe('1');
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
    const blockedRow = row('Bo Blocked');
    expect(within(blockedRow).getByRole('button', { name: /Restore/ })).toBeInTheDocument();
    for (const action of ['Edit', 'Change Logo', 'Settings', 'Delete']) {
      expect(within(blockedRow).queryByRole('button', { name: action })).not.toBeInTheDocument();
      expect(within(blockedRow).queryByRole('link', { name: action })).not.toBeInTheDocument();
    }
  });

  it('restores after confirmation and drops the row at once', async () => {
    signIn(admin);
    let restored = false;
    const http = mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET users': () => ({ body: buildUsersPage(restored ? [] : [blocked]) }),
      'POST users/9/restore': () => {
        restored = true;
        return { body: { message: 'User restored.' } };
      },
    });
    renderApp('/admin/users?blocked=1');
    await findText('Bo Blocked');
    const user = userEvent.setup();
    await user.click(within(row('Bo Blocked')).getByRole('button', { name: /Restore/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to restore Bo Blocked?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('User restored.')).toBeInTheDocument();
    expect(http.calls('POST users/9/restore')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Bo Blocked')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.noRecords)).toBeInTheDocument();
  });
});
