import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type AuditEntry, type PagedAudit } from '@portal/contract';
import { buildPage, buildUser } from '../../test/builders';
import { csv, mockApi, stubDownloads, type MockHandler } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const blocked: AuditEntry = {
  id: 42,
  at: '2026-11-02T10:15:00.000Z',
  action: 'users.blocked',
  actor: { id: 1, name: 'Ada Admin' },
  target_type: 'user',
  target_id: '7',
  target_name: 'Dana Fleet',
  ip: '10.0.0.9',
  details: null,
};
const failed: AuditEntry = {
  ...blocked,
  id: 41,
  action: 'auth.login.failed',
  actor: null,
  target_type: null,
  target_id: null,
  target_name: null,
};

const pageOf = (entries: AuditEntry[], total = entries.length, lowerBound = false): PagedAudit => {
  const page = buildPage(entries, { total });
  return { ...page, meta: { ...page.meta, total_is_lower_bound: lowerBound } };
};

function renderPage(path: string, handler: MockHandler, more: Record<string, MockHandler> = {}) {
  signIn(admin);
  const http = mockApi({ 'GET auth/me': { body: { data: admin } }, 'GET audit-log': handler, ...more });
  const view = renderApp(path);
  const requests = () => http.calls('GET audit-log').map((c) => Object.fromEntries(c.url.searchParams));
  const query = () => new URLSearchParams(view.router.state.location.search);
  return { http, requests, query, user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: 'Audit log entries' }, { timeout: 5000 });

describe('Audit log', () => {
  it('shows who did what to whom, when and from where, newest first', async () => {
    const { requests } = renderPage('/admin/audit-log', () => ({
      body: pageOf([blocked, failed], 10000, true),
    }));
    const rows = within(await table());
    const row = within(await rows.findByRole('row', { name: /users\.blocked/ }));
    expect(row.getByRole('link', { name: /Ada Admin/ })).toHaveAttribute('href', '/admin/audit-log?actor=1');
    expect(row.getByRole('link', { name: /Dana Fleet/ })).toHaveAttribute(
      'href',
      '/admin/audit-log?target=7',
    );
    expect(row.getByText('10.0.0.9')).toBeInTheDocument();
    expect(
      within(rows.getByRole('row', { name: /auth\.login\.failed/ })).getByText('Anonymous'),
    ).toBeInTheDocument();
    expect(screen.getByText('1–2 of 10000+')).toBeInTheDocument();
    expect(requests()[0]).toEqual({ sortColumn: 'at', sortDirection: 'desc', paginate: '25', page: '1' });
  });

  it('takes its filters from the URL and puts applied ones back there, from page 1', async () => {
    const { requests, query, user } = renderPage('/admin/audit-log?target=7&page=3', () => ({
      body: pageOf([blocked], 80),
    }));
    await table();
    expect(requests()[0]).toMatchObject({ target: '7', page: '3' });
    expect(screen.getByRole('textbox', { name: 'Target ID' })).toHaveValue('7');
    await user.type(screen.getByRole('textbox', { name: 'Action starts with' }), 'users.');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(query().get('action')).toBe('users.'));
    expect(query().get('target')).toBe('7');
    expect(query().get('page')).toBeNull();
    await waitFor(() =>
      expect(requests().at(-1)).toMatchObject({ action: 'users.', target: '7', page: '1' }),
    );
  });

  it('says why the server refused the filters', async () => {
    renderPage('/admin/audit-log?from=2026-13-45', () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { from: ['The from field must be a valid date.'] },
      },
    }));
    expect(
      await screen.findByText('The from field must be a valid date.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Under its field, as every 422 is (the form's applyServerErrors).
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('The from field must be a valid date.');
    // Only there: trying the same filters again cannot help.
    expect(screen.queryByText(MESSAGES.dataFetchFailed)).not.toBeInTheDocument();
  });

  it("checks the filters by the query's own rules before asking the server", async () => {
    const { requests, query, user } = renderPage('/admin/audit-log', () => ({ body: pageOf([blocked]) }));
    await table();
    await user.type(screen.getByRole('textbox', { name: 'Action starts with' }), 'Users.');
    await user.type(screen.getByRole('textbox', { name: 'Actor ID' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('textbox', { name: 'Action starts with' })).toHaveAccessibleDescription(
      'The action field may hold only a-z, 0-9, "_" and ".".',
    );
    expect(screen.getByRole('textbox', { name: 'Actor ID' })).toHaveAccessibleDescription(
      'The actor field must be a user id (a whole number from 1).',
    );
    expect(query().get('action')).toBeNull();
    expect(requests()).toHaveLength(1);
  });

  it('keeps its order in the URL (newest first unless asked) and sends it with the filters', async () => {
    const { requests, query, user } = renderPage('/admin/audit-log?actor=1&page=2', () => ({
      body: pageOf([blocked], 80),
    }));
    const grid = await table();
    await user.click(within(grid).getByRole('button', { name: /When/ }));
    await waitFor(() => expect(query().get('sortDirection')).toBe('asc'));
    expect(query().get('actor')).toBe('1');
    expect(query().get('page')).toBeNull();
    await waitFor(() =>
      expect(requests().at(-1)).toEqual({
        sortColumn: 'at',
        sortDirection: 'asc',
        paginate: '25',
        page: '1',
        actor: '1',
      }),
    );
  });

  it('exports the filtered log (every page) as a CSV download', async () => {
    const { http, user } = renderPage(
      '/admin/audit-log?actor=1&page=2',
      () => ({ body: pageOf([blocked]) }),
      {
        'GET audit-log/export': () => csv('id,at\n42,2026-11-02\n'),
      },
    );
    const { click, exported } = stubDownloads(http, 'GET audit-log/export');
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await exported()).toEqual({
      format: 'csv',
      sortColumn: 'at',
      sortDirection: 'desc',
      actor: '1',
    });
    click.mockRestore();
  });
});
