import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BulkUsersResponse } from '@portal/contract';
import { buildUser, buildUsersPage } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const casey = buildUser({ id: 7, name: 'Casey Customer' });
const dana = buildUser({ id: 8, name: 'Dana Driver' });

function renderUsers(path = '/admin/users') {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users': () => ({ body: buildUsersPage([admin, casey, dana], { total: 60 }) }),
    'POST users/bulk': ({ body }) => {
      const request = body as { action: BulkUsersResponse['data']['action']; ids?: number[] };
      const ids = request.ids ?? [7, 8, 9];
      return {
        body: {
          data: {
            action: request.action,
            total: ids.length,
            done: ids.length,
            skipped: 0,
            failed: 0,
            results: ids.map((id) => ({ id, status: 'done', message: null })),
          },
          message: `${ids.length} of ${ids.length} users updated.`,
        } satisfies BulkUsersResponse,
      };
    },
  });
  renderApp(path);
  return { http, user: userEvent.setup() };
}

const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });
/** The bar's code loads with the first selection (users-page.tsx): wait for it once. */
const bulkBarShown = () => screen.findByRole('region', { name: 'Bulk actions' });

describe('Users bulk actions', () => {
  it('acts on the selected users after one confirmation that says how many; never offers your own row', async () => {
    const { http, user } = renderUsers();
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    expect(screen.queryByRole('checkbox', { name: 'Select Ada Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Casey Customer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dana Driver' }));
    expect(within(await bulkBarShown()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bulkBar()).getByRole('combobox', { name: 'Bulk action' }));
    await user.click(await screen.findByRole('option', { name: 'Block' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to block 2 users?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block 2' }));
    await waitFor(() => expect(http.calls('POST users/bulk')).toHaveLength(1));
    expect(http.calls('POST users/bulk')[0]!.body).toEqual({ action: 'block', ids: [7, 8] });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
    );
  });

  it('selects all users matching the search, on every page, and sends the filter', async () => {
    const { http, user } = renderUsers('/admin/users?search=dr');
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    await user.click(within(await bulkBarShown()).getByRole('button', { name: 'Select all 60 matching' }));
    expect(within(bulkBar()).getByText('All 60 matching users selected')).toBeInTheDocument();
    await user.click(within(bulkBar()).getByRole('combobox', { name: 'Bulk action' }));
    await user.click(await screen.findByRole('option', { name: 'Turn NSBI on' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to turn NSBI on for 60 users?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn NSBI on 60' }));
    await waitFor(() => expect(http.calls('POST users/bulk')).toHaveLength(1));
    expect(http.calls('POST users/bulk')[0]!.body).toEqual({
      action: 'nsbi_on',
      filter: { search: 'dr', blocked: false },
    });
  });
});
