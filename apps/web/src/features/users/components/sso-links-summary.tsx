import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { SsoLink } from '@portal/contract';
import { RemoveSsoLinkDialog } from '../../../shared/sso/components/remove-sso-link-dialog';
import { useUserSsoLinks } from '../api/get-user-sso-links';

/**
 * The identities that sign a user in with single sign-on (Edit User), each removable by the admin
 * (docs/decisions/0043-single-sign-on.md). Shown only when there is one.
 */
export function SsoLinksSummary({ userId }: { userId: number }) {
  const links = useUserSsoLinks(userId);
  const [removing, setRemoving] = useState<SsoLink | null>(null);
  if (!links.data?.length) return null;
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="gray.0" component="section" aria-label="Single sign-on">
      <Text fz="sm" fw={600} mb={6}>
        Single sign-on
      </Text>
      {links.data.map((link) => (
        <Group key={link.id} gap="xs" fz="sm" justify="space-between" wrap="nowrap">
          <Text fz="sm" style={{ minWidth: 0, wordBreak: 'break-all' }}>
            {link.provider_name}: {link.email ?? link.subject}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRemoving(link)}>
            Remove link
          </Button>
        </Group>
      ))}
      <RemoveSsoLinkDialog link={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
