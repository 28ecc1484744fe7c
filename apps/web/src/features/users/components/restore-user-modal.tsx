import { MESSAGES, type User } from '@portal/contract';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { isStepUpCancelled, useStepUp } from '../../../shared/ui/use-step-up';
import { useRestoreUser } from '../api/restore-user';

type RestoreUserModalProps = { user: User | null; opened: boolean; onClose: () => void };

const RESTORE = 'Restore';

/** docs/product.md §2 restore confirmation: the user is active again and leaves the blocked list at once. */
export function RestoreUserModal({ user, opened, onClose }: RestoreUserModalProps) {
  const restore = useRestoreUser();
  const stepUp = useStepUp('Confirm with your password');
  const run = async (id: number) => {
    try {
      const message = await stepUp.withStepUp((currentPassword) =>
        restore.mutateAsync({ id, currentPassword }),
      );
      if (message) showToast({ color: 'green', message });
      onClose();
    } catch (error) {
      if (!isStepUpCancelled(error)) toastApiError(error);
    }
  };
  return (
    <>
      <ConfirmDialog
        opened={opened}
        title="Restore user"
        message={user ? MESSAGES.restoreUserConfirm(user.name) : ''}
        pending={restore.isPending ? RESTORE : null}
        onClose={onClose}
        actions={[
          {
            label: RESTORE,
            onConfirm: () => user && void run(user.id),
          },
        ]}
      />
      {stepUp.modal}
    </>
  );
}
