import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type NsbiUserItems, type PagedNsbiUsers } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi, type MockHandler } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const named = (...names: string[]) => names.map((name) => ({ id: `id-${name}`, name }));
const nora: NsbiUserItems = {
  id: 5,
  name: 'Nora NSBI',
  email: 'nora@example.com',
  createdAt: '2026-10-01T09:00:00.000Z',
  project: { projectId: 'p-fleet', name: 'Fleet Insights' },
  dashboards: named('Fleet Overview', 'Safety Alerts', 'Fuel Consumption', 'Executive Summary'),
  reports: named('Trips by Day'),
  unavailable: false,
};
const otto: NsbiUserItems = {
  ...nora,
  id: 6,
  name: 'Otto Offline',
  email: 'otto@example.com',
  project: { projectId: 'p-gone', name: null },
  dashboards: [],
  reports: [],
  unavailable: true,
};

function pageOf(users: NsbiUserItems[], total = users.length): PagedNsbiUsers {
  return {
    data: users,
    links: { first: null, last: null, prev: null, next: null },
    meta: {
      current_page: 1,
      per_page: 25,
      total,
      last_page: Math.max(1, Math.ceil(total / 25)),
      from: users.length ? 1 : null,
      to: users.length ? users.length : null,
      links: [],
    },
  };
}

function renderPage(path: string, handler: MockHandler) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET dundas-bi/project/users-project-items': handler,
  });
  const view = renderApp(path);
  const requests = () =>
    http
      .calls('GET dundas-bi/project/users-project-items')
      .map((c) => Object.fromEntries(c.url.searchParams));
  const query = () => new URLSearchParams(view.router.state.location.search);
  return { http, requests, query, user: userEvent.setup() };
}

const table = () =>
  screen.findByRole('table', { name: 'NSBI users and their dashboards' }, { timeout: 5000 });

describe('Users NSBI Dashboards', () => {
  it('lists each NSBI user with project, dashboards and reports, and links to their report access', async () => {
    renderPage('/admin/users/dundas-reports', () => ({ body: pageOf([nora, otto], 60) }));
    const rows = within(await table());
    await rows.findByText('Nora NSBI');
    const noraRow = within(rows.getByRole('row', { name: /Nora NSBI/ }));
    expect(noraRow.getByText('Fleet Insights')).toBeInTheDocument();
    expect(noraRow.getByText('Fleet Overview')).toBeInTheDocument();
    expect(noraRow.getByText('Trips by Day')).toBeInTheDocument();
    expect(noraRow.getByRole('link', { name: 'Report access for Nora NSBI' })).toHaveAttribute(
      'href',
      '/admin/users/5/reports',
    );
    // A project the BI server could not give: said, not shown as "no dashboards".
    expect(
      within(rows.getByRole('row', { name: /Otto Offline/ })).getByText('BI server not answering'),
    ).toBeInTheDocument();
    expect(screen.getByText('1–2 of 60')).toBeInTheDocument();
  });

  it('searches, sorts and pages on the server, with the state in the URL', async () => {
    const { requests, query, user } = renderPage(
      '/admin/users/dundas-reports?sortColumn=name&sortDirection=desc&page=2&paginate=10',
      () => ({ body: pageOf([nora], 60) }),
    );
    await table();
    expect(requests()[0]).toEqual({ page: '2', paginate: '10', sortColumn: 'name', sortDirection: 'desc' });
    await user.type(screen.getByRole('searchbox', { name: 'Search NSBI users' }), 'nora');
    await waitFor(() => expect(query().get('search')).toBe('nora'));
    expect(query().get('page')).toBeNull();
    await waitFor(() => expect(requests().at(-1)?.search).toBe('nora'));
  });

  it('sorts by the ID, name and email headers (ascending first); project and items do not sort', async () => {
    const { requests, query, user } = renderPage('/admin/users/dundas-reports?page=2', () => ({
      body: pageOf([nora, otto], 60),
    }));
    await table();
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(query().get('sortColumn')).toBe('name'));
    expect(query().get('page')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /ID/ }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ sortColumn: 'id', sortDirection: 'asc' }));
    await user.click(screen.getByRole('button', { name: /ID/ }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ sortColumn: 'id', sortDirection: 'desc' }));
    for (const name of ['Project', 'Dashboards', 'Reports'])
      expect(screen.queryByRole('button', { name: new RegExp(`^${name}`) })).not.toBeInTheDocument();
  });

  it('says there are no records when no NSBI user matches', async () => {
    renderPage('/admin/users/dundas-reports?search=zzz', () => ({ body: pageOf([]) }));
    expect(await screen.findByText(MESSAGES.noRecords, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a failed read says so and tries again on request', async () => {
    let fail = true;
    const { user } = renderPage('/admin/users/dundas-reports', () =>
      fail ? { status: 502, body: { message: 'BI down' } } : { body: pageOf([nora]) },
    );
    expect(await screen.findByText(MESSAGES.dataFetchFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nora NSBI')).toBeInTheDocument();
  });
});
