import { useState } from 'react';
import { Button, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { SSO_MESSAGES, type SsoLink } from '@portal/contract';
import { formatDayTime } from '../../../shared/format/dates';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { showToast } from '../../../shared/ui/toast';
import { useSsoProviderLinks } from '../api/get-sso-provider-links';
import { useRemoveSsoLink } from '../../../shared/sso/api/remove-sso-link';

/** The portal users linked to identities at one provider, each removable. */
export function ProviderLinks({ providerId }: { providerId: number }) {
  const links = useSsoProviderLinks(providerId);
  const remove = useRemoveSsoLink();
  const [removing, setRemoving] = useState<SsoLink | null>(null);

  if (links.isPending) return <Loader size="sm" type="dots" />;
  if (links.isError) return <Text c="red">{links.error.message}</Text>;
  if (links.data.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        Nobody has signed in with this provider yet.
      </Text>
    );
  return (
    <>
      {/* Two columns, the dates under the name: readable at 390 px. */}
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="xs" aria-label="Linked users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>
                  {link.user_name}
                  <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {link.email ?? link.subject}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Last sign-in {link.last_used_at ? formatDayTime(link.last_used_at) : '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(link)}>
                    Remove link
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove link"
        message={`Are you sure you want to remove the link of ${removing?.user_name ?? ''}?`}
        pending={remove.isPending ? 'Remove' : null}
        actions={[
          {
            label: 'Remove',
            color: 'red',
            onConfirm: () =>
              removing &&
              remove.mutate(removing.id, {
                onSuccess: () => {
                  showToast({ color: 'green', message: SSO_MESSAGES.linkRemoved });
                  setRemoving(null);
                },
              }),
          },
        ]}
        onClose={() => setRemoving(null)}
      >
        <Text fz="sm" c="dimmed">
          The identity will no longer sign this user in until it is linked again at their next sign-in.
        </Text>
      </ConfirmDialog>
    </>
  );
}
