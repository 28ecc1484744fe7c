import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BULK_MESSAGES,
  STORAGE_KEYS,
  USER_ADMIN_MESSAGES,
  VALIDATION,
  type BulkJob,
  type BulkUsersRequest,
} from '@portal/contract';
import { buildUser, buildUsersPage } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const casey = buildUser({ id: 7, name: 'Casey Customer' });
const dana = buildUser({ id: 8, name: 'Dana Driver' });

const jobOf = (request: BulkUsersRequest, over: Partial<BulkJob> = {}): BulkJob => {
  const total = request.ids?.length ?? request.filter?.expected_total ?? 0;
  return {
    id: 5,
    action: request.action,
    state: 'running',
    total,
    processed: 0,
    done: 0,
    skipped: 0,
    failed: 0,
    results: [],
    message: BULK_MESSAGES.started(total),
    started_at: '2026-11-27T09:00:00.000Z',
    finished_at: null,
    ...over,
  };
};
const stepUpAsked = (why: string) => ({
  status: 422,
  body: { message: USER_ADMIN_MESSAGES.stepUpRequired, errors: { current_password: [why] } },
});

/**
 * The users screen with a server whose bulk jobs take two reads to finish; block, restore and
 * delete are refused until `secret-123` comes with them, as the server does.
 */
function renderUsers(path = '/admin/users', over: { start?: () => { status: number; body: unknown } } = {}) {
  signIn(admin);
  let started: BulkUsersRequest | null = null;
  let reads = 0;
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users': () => ({ body: buildUsersPage([admin, casey, dana], { total: 60 }) }),
    'POST users/bulk': ({ body }) => {
      if (over.start) return over.start();
      const request = body as BulkUsersRequest;
      if (['block', 'restore', 'delete'].includes(request.action)) {
        if (!request.current_password) return stepUpAsked(VALIDATION.currentPasswordRequired);
        if (request.current_password !== 'secret-123') return stepUpAsked(VALIDATION.currentPasswordWrong);
      }
      started = request;
      return { status: 202, body: { data: jobOf(request) } };
    },
    'GET users/bulk/5': () => {
      reads += 1;
      // No start in this render: a job remembered from before a reload of the tab.
      const job = jobOf(started ?? { action: 'nsbi_on', ids: [casey.id] });
      return {
        body: {
          data:
            reads < 2
              ? { ...job, processed: 1, message: BULK_MESSAGES.progress(1, job.total) }
              : {
                  ...job,
                  state: 'done',
                  processed: job.total,
                  done: job.total,
                  message: BULK_MESSAGES.done(job.total, job.total),
                  finished_at: '2026-11-27T09:00:03.000Z',
                },
        },
      };
    },
  });
  renderApp(path);
  return { http, user: userEvent.setup() };
}

const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });
/** The bar's code loads with the first selection (users-page.tsx): wait for it once. */
const bulkBarShown = () => screen.findByRole('region', { name: 'Bulk actions' });

async function chooseAndApply(user: ReturnType<typeof userEvent.setup>, action: string, confirm: string) {
  await user.click(within(await bulkBarShown()).getByRole('combobox', { name: 'Bulk action' }));
  await user.click(await screen.findByRole('option', { name: action }));
  await user.click(within(bulkBar()).getByRole('button', { name: 'Apply' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: confirm }));
}

describe('Users bulk actions', () => {
  it(
    'blocks the selected users after one confirmation and the admin’s password when the server asks; shows the job to its end',
    { timeout: 30_000 },
    async () => {
      const { http, user } = renderUsers();
      await screen.findByText('Casey Customer', {}, { timeout: 5000 });
      expect(screen.queryByRole('checkbox', { name: 'Select Ada Admin' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Select Casey Customer' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Dana Driver' }));
      expect(within(await bulkBarShown()).getByText('2 selected')).toBeInTheDocument();
      await user.click(within(bulkBar()).getByRole('combobox', { name: 'Bulk action' }));
      await user.click(await screen.findByRole('option', { name: 'Block' }));
      await user.click(within(bulkBar()).getByRole('button', { name: 'Apply' }));
      const question = await screen.findByRole('dialog');
      expect(within(question).getByText('Are you sure you want to block 2 users?')).toBeInTheDocument();
      await user.click(within(question).getByRole('button', { name: 'Block 2' }));

      // The server asks for the password: the confirm-password dialog, with its reason.
      const asked = await screen.findByRole('dialog', { name: 'Confirm with your password' });
      expect(within(asked).getByText(USER_ADMIN_MESSAGES.stepUpWhy)).toBeInTheDocument();
      await user.type(within(asked).getByLabelText('Current password'), 'wrong-one');
      await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
      expect(await within(asked).findByText(VALIDATION.currentPasswordWrong)).toBeInTheDocument();
      await user.clear(within(asked).getByLabelText('Current password'));
      await user.type(within(asked).getByLabelText('Current password'), 'secret-123');
      await user.click(within(asked).getByRole('button', { name: 'Confirm' }));

      const calls = http.calls('POST users/bulk').map((c) => c.body);
      await waitFor(() => expect(calls).toHaveLength(3));
      expect(calls[0]).toEqual({ action: 'block', ids: [7, 8] });
      expect(http.calls('POST users/bulk')[2]!.body).toEqual({
        action: 'block',
        ids: [7, 8],
        current_password: 'secret-123',
      });
      // The job's progress shows in the bar until it is over, then its sentence is toasted.
      expect(await screen.findByRole('progressbar', { name: 'Bulk action progress' })).toBeInTheDocument();
      await waitFor(
        () => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
        { timeout: 10_000 },
      );
      expect(await screen.findByText(BULK_MESSAGES.done(2, 2))).toBeInTheDocument();
    },
  );

  it('follows a job to its end after its rows are unticked while it runs', async () => {
    const { http, user } = renderUsers();
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Casey Customer' }));
    await chooseAndApply(user, 'Turn NSBI on', 'Turn NSBI on 1');
    expect(await screen.findByRole('progressbar', { name: 'Bulk action progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Casey Customer' }));
    expect(await screen.findByText(BULK_MESSAGES.done(1, 1), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(http.calls('GET users/bulk/5').length).toBeGreaterThanOrEqual(2);
  });

  it('after a reload of the tab, follows the job it started to its end', async () => {
    sessionStorage.setItem(STORAGE_KEYS.bulkJob, '5');
    const { http } = renderUsers();
    const bar = await bulkBarShown();
    expect(within(bar).queryByText(/selected/)).not.toBeInTheDocument();
    expect(await screen.findByText(BULK_MESSAGES.done(1, 1), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(http.calls('GET users/bulk/5').length).toBeGreaterThanOrEqual(2);
    expect(sessionStorage.getItem(STORAGE_KEYS.bulkJob)).toBeNull();
  });

  it('forgets a remembered job the server does not know (404) and shows no bar', async () => {
    sessionStorage.setItem(STORAGE_KEYS.bulkJob, '6');
    // No stub for GET users/bulk/6: the mock answers 404, as the server does for a job not this admin's.
    const { http } = renderUsers();
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.bulkJob)).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
    );
    expect(http.calls('GET users/bulk/6')).toHaveLength(1);
  });

  it('cancelling the password question changes nothing and says nothing', async () => {
    const { http, user } = renderUsers();
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Casey Customer' }));
    await chooseAndApply(user, 'Delete', 'Delete 1');
    const asked = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.calls('POST users/bulk')).toHaveLength(1);
    expect(http.calls('GET users/bulk/5')).toHaveLength(0);
    expect(within(await bulkBarShown()).getByText('1 selected')).toBeInTheDocument();
  });

  it('selects all users matching the search and sends the filter with the count the admin saw', async () => {
    const { http, user } = renderUsers('/admin/users?search=dr');
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    await user.click(within(await bulkBarShown()).getByRole('button', { name: 'Select all 60 matching' }));
    expect(within(bulkBar()).getByText('All 60 matching users selected')).toBeInTheDocument();
    await chooseAndApply(user, 'Turn NSBI on', 'Turn NSBI on 60');
    await waitFor(() => expect(http.calls('POST users/bulk')).toHaveLength(1));
    expect(http.calls('POST users/bulk')[0]!.body).toEqual({
      action: 'nsbi_on',
      filter: { search: 'dr', blocked: false, expected_total: 60 },
    });
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(await screen.findByText(BULK_MESSAGES.done(60, 60))).toBeInTheDocument();
  });

  it('says so when the list changed since it was counted (409)', async () => {
    const { http, user } = renderUsers('/admin/users?search=dr', {
      start: () => ({ status: 409, body: { message: BULK_MESSAGES.countChanged(60, 61) } }),
    });
    await screen.findByText('Casey Customer', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    await user.click(within(await bulkBarShown()).getByRole('button', { name: 'Select all 60 matching' }));
    await chooseAndApply(user, 'Turn NSBI off', 'Turn NSBI off 60');
    expect(await screen.findByText(BULK_MESSAGES.countChanged(60, 61))).toBeInTheDocument();
    // The list is read again, so the admin sees what it holds now.
    await waitFor(() => expect(http.calls('GET users').length).toBeGreaterThan(1));
  });
});
