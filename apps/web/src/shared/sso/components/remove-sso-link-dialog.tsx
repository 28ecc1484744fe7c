import { Text } from '@mantine/core';
import { SSO_MESSAGES, type SsoLink } from '@portal/contract';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { showToast } from '../../ui/toast';
import { useRemoveSsoLink } from '../api/remove-sso-link';

/**
 * Asks before an admin removes a user's link to an identity (Admin → Single sign-on, Edit User);
 * `link` null: closed.
 */
export function RemoveSsoLinkDialog({ link, onClose }: { link: SsoLink | null; onClose: () => void }) {
  const remove = useRemoveSsoLink();
  return (
    <ConfirmDialog
      opened={link !== null}
      title="Remove link"
      message={`Are you sure you want to remove the ${link?.provider_name ?? ''} link of ${link?.user_name ?? ''}?`}
      pending={remove.isPending ? 'Remove' : null}
      actions={[
        {
          label: 'Remove',
          color: 'red',
          onConfirm: () =>
            link &&
            remove.mutate(link.id, {
              onSuccess: () => {
                showToast({ color: 'green', message: SSO_MESSAGES.linkRemoved });
                onClose();
              },
            }),
        },
      ]}
      onClose={onClose}
    >
      <Text fz="sm" c="dimmed">
        The identity will no longer sign this user in, until it is linked again by a verified email at their
        next sign-in.
      </Text>
    </ConfirmDialog>
  );
}
