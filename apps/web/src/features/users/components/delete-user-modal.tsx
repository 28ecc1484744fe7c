import { useState } from 'react';
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { MESSAGES, type User } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { isStepUpCancelled, useStepUp } from '../../../shared/ui/use-step-up';
import { useDeleteUser } from '../api/delete-user';

type DeleteUserModalProps = { user: User | null; opened: boolean; onClose: () => void };

const DELETE = 'Delete';
const DELETE_AND_BLOCK = 'Delete & Block';

/**
 * docs/product.md §2 Delete modal: 'Delete' frees the email, 'Delete & Block' keeps the user locked out.
 * Optionally the user's BI account (and, only then, its folders) goes first.
 */
export function DeleteUserModal({ user, opened, onClose }: DeleteUserModalProps) {
  const [deleteRemoteAccount, setDeleteRemoteAccount] = useState(false);
  const [deleteRemoteFolders, setDeleteRemoteFolders] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  // The BI server failed: what it said, and which action may now be forced without the BI side.
  const [remoteFailure, setRemoteFailure] = useState<{ message: string; block: boolean } | null>(null);
  const deletion = useDeleteUser();
  // Another administrator: the server asks for the acting admin's password first.
  const stepUp = useStepUp('Confirm with your password');

  const close = () => {
    setDeleteRemoteAccount(false);
    setDeleteRemoteFolders(false);
    setRemoteFailure(null);
    onClose();
  };

  const run = async (action: string, block: boolean, force = false) => {
    if (!user) return;
    setPending(action);
    try {
      const message = await stepUp.withStepUp((currentPassword) =>
        deletion.mutateAsync({
          id: user.id,
          block,
          deleteRemoteAccount,
          deleteRemoteFolders: deleteRemoteAccount && deleteRemoteFolders,
          force,
          currentPassword,
        }),
      );
      if (message) showToast({ color: 'green', message });
      close();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      if (isApiError(error) && error.status === 502 && deleteRemoteAccount)
        setRemoteFailure({ message: error.message, block });
      else toastApiError(error, { quiet: true });
    } finally {
      setPending(null);
    }
  };
  const FORCE = remoteFailure?.block ? 'Delete & Block without NSBI' : 'Delete without NSBI';

  return (
    <>
      <ConfirmDialog
        opened={opened}
        title="Delete user"
        message={user ? MESSAGES.deleteUserConfirm(user.name) : ''}
        pending={pending}
        onClose={close}
        actions={
          remoteFailure
            ? [{ label: FORCE, color: 'red.9', onConfirm: () => void run(FORCE, remoteFailure.block, true) }]
            : [
                { label: DELETE, color: 'red', variant: 'light', onConfirm: () => void run(DELETE, false) },
                {
                  label: DELETE_AND_BLOCK,
                  color: 'red.9',
                  onConfirm: () => void run(DELETE_AND_BLOCK, true),
                },
              ]
        }
      >
        {remoteFailure && (
          <Alert color="red" variant="light" role="alert">
            {remoteFailure.message} The BI account stays as it is if you go on.
          </Alert>
        )}
        <Text fz="sm" c="dimmed">
          {MESSAGES.deleteUserExplained}
        </Text>
        <Stack gap="xs">
          <Checkbox
            label={MESSAGES.deleteRemoteAccount}
            checked={deleteRemoteAccount}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setDeleteRemoteAccount(on);
              if (!on) setDeleteRemoteFolders(false);
            }}
          />
          {deleteRemoteAccount && (
            <Checkbox
              label={MESSAGES.deleteRemoteFolders}
              ml="lg"
              checked={deleteRemoteFolders}
              onChange={(event) => setDeleteRemoteFolders(event.currentTarget.checked)}
            />
          )}
        </Stack>
      </ConfirmDialog>
      {stepUp.modal}
    </>
  );
}
