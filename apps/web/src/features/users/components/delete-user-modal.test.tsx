import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_ADMIN_MESSAGES, VALIDATION } from '@portal/contract';
import { buildUser, buildUsersPage } from '../../../test/builders';
import { mockApi, type MockHandler, type MockReply } from '../../../test/fetch-mock';
import { renderApp, signIn } from '../../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const casey = buildUser({ id: 7, name: 'Casey Customer' });

async function openDeleteModal(
  deleteAnswer: MockHandler | MockReply = { body: { message: 'User deleted.' } },
) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users': { body: buildUsersPage([admin, casey]) },
    'DELETE users/7': deleteAnswer,
  });
  renderApp('/admin/users');
  const user = userEvent.setup();
  const row = await screen.findByRole('row', { name: /Casey Customer/ }, { timeout: 5000 });
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  const query = () => Object.fromEntries(http.calls('DELETE users/7')[0]?.url.searchParams ?? []);
  return { dialog, user, http, query };
}

describe('Delete user modal', () => {
  it('asks with the name and explains Delete versus Delete & Block', async () => {
    const { dialog } = await openDeleteModal();
    expect(within(dialog).getByText('Are you sure you want to delete Casey Customer?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "'Delete' frees the user's email for re-registration; 'Delete & Block' locks the user out and prevents re-registration.",
      ),
    ).toBeInTheDocument();
    for (const name of ['Cancel', 'Delete', 'Delete & Block']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("offers 'Delete Folders (if exist)' only while 'Also delete from NSBI (if exists)' is ticked", async () => {
    const { dialog, user } = await openDeleteModal();
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Delete Folders (if exist)' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete from NSBI (if exists)' }));
    const folders = within(dialog).getByRole('checkbox', { name: 'Delete Folders (if exist)' });
    await user.click(folders);
    expect(folders).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete from NSBI (if exists)' }));
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Delete Folders (if exist)' }),
    ).not.toBeInTheDocument();
  });

  it('Delete & Block with the NSBI options sends every flag and toasts the server message', async () => {
    const { dialog, user, query } = await openDeleteModal();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete from NSBI (if exists)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Delete Folders (if exist)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete & Block' }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(query()).toEqual({ block: '1', deleteRemoteAccount: '1', deleteRemoteFolders: '1', force: '0' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('plain Delete frees the email: block=0 and no remote deletion', async () => {
    const { dialog, user, query } = await openDeleteModal();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(query()).toEqual({ block: '0', deleteRemoteAccount: '0', deleteRemoteFolders: '0', force: '0' });
  });

  it('when the BI server fails, says so in the modal and offers to delete without NSBI (force)', async () => {
    const { dialog, user, http } = await openDeleteModal(({ url }) =>
      url.searchParams.get('force') === '1'
        ? { body: { message: 'User deleted.' } }
        : {
            status: 502,
            body: { message: 'Could not delete the NSBI account. Try again, or delete without it.' },
          },
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete from NSBI (if exists)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not delete the NSBI account.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete without NSBI' }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(http.calls('DELETE users/7').map((c) => c.url.searchParams.get('force'))).toEqual(['0', '1']);
  });

  it('Cancel sends nothing', async () => {
    const { dialog, user, http } = await openDeleteModal();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.calls('DELETE users/7')).toHaveLength(0);
  });

  it("another administrator: asks for the admin's own password when the server does, and sends it in the body", async () => {
    const { user, http } = await openDeleteModal(({ body }) =>
      (body as { current_password?: string } | undefined)?.current_password === 'secret-123'
        ? { body: { message: 'User deleted and blocked successfully.' } }
        : {
            status: 422,
            body: {
              message: USER_ADMIN_MESSAGES.stepUpRequired,
              errors: { current_password: [VALIDATION.currentPasswordRequired] },
            },
          },
    );
    await user.click(screen.getByRole('button', { name: 'Delete & Block' }));
    const asked = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(asked).getByLabelText('Current password'), 'secret-123');
    await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted and blocked successfully.')).toBeInTheDocument();
    const calls = http.calls('DELETE users/7');
    expect(calls.map((c) => c.body)).toEqual([undefined, { current_password: 'secret-123' }]);
    // Never in the URL, where logs would keep it.
    expect(calls[1]!.url.search).not.toContain('secret');
  });
});
