import { useState } from 'react';
import { Button, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SsoLink } from '@portal/contract';
import { RemoveSsoLinkDialog } from '../../../shared/sso/components/remove-sso-link-dialog';
import { formatDayTime } from '../../../shared/format/dates';
import { useSsoProviderLinks } from '../api/get-sso-provider-links';

/** The portal users linked to identities at one provider, each removable. */
export function ProviderLinks({ providerId }: { providerId: number }) {
  const links = useSsoProviderLinks(providerId);
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
      <RemoveSsoLinkDialog link={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
