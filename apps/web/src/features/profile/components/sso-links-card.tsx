import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDayTime } from '../../../shared/format/dates';
import { useMySsoLinks } from '../api/sso-links';

/**
 * "Single sign-on" on My Profile: the identities at identity providers that sign this user in.
 * Only an admin removes a link (Admin → Single sign-on); shown only when there is one.
 */
export function SsoLinksCard() {
  const links = useMySsoLinks();
  if (!links.data?.length) return null;
  return (
    <Paper withBorder radius="lg" p="lg" maw={860} mt="lg" component="section" aria-labelledby="profile-sso">
      <Title order={2} fz="lg" id="profile-sso" mb="md">
        Single sign-on
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {links.data.map((link) => (
          <li key={link.id}>
            <Text fw={500}>{link.provider_name}</Text>
            <Text fz="sm" c="dimmed">
              {link.email ?? link.subject} · linked {formatDayTime(link.created_at)}
              {link.last_used_at && ` · last used ${formatDayTime(link.last_used_at)}`}
            </Text>
          </li>
        ))}
      </Stack>
      <Text fz="xs" c="dimmed" mt="md">
        An administrator can remove a link.
      </Text>
    </Paper>
  );
}
