import { MESSAGES, type User } from '@portal/contract';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { useRestoreUser } from '../api/restore-user';

type RestoreUserModalProps = { user: User | null; opened: boolean; onClose: () => void };

const RESTORE = 'Restore';

/** docs/product.md §2 restore confirmation: the user is active again and leaves the blocked list at once. */
export function RestoreUserModal({ user, opened, onClose }: RestoreUserModalProps) {
  const restore = useRestoreUser();
  return (
    <ConfirmModal
      opened={opened}
      title="Restore user"
      message={user ? MESSAGES.restoreUserConfirm(user.name) : ''}
      pending={restore.isPending ? RESTORE : null}
      onClose={onClose}
      actions={[
        {
          label: RESTORE,
          onConfirm: () =>
            user &&
            restore.mutate(user.id, {
              onSuccess: (message) => {
                if (message) showToast({ color: 'green', message });
                onClose();
              },
              onError: (error) => toastApiError(error),
            }),
        },
      ]}
    />
  );
}
