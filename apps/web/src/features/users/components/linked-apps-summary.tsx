import { Badge, Group, Paper, Text } from '@mantine/core';
import { LINKED_APP_NAMES, LINKED_APPS, type User } from '@portal/contract';

/** How a user's link reads in one line: who they are there (LD: and their client and branch). */
function describeLink(user: User, app: (typeof LINKED_APPS)[number]): string | null {
  if (app === 'ld' && user.ld) {
    const where = [user.ld.client_name, user.ld.branch_name].filter(Boolean).join(' · ');
    return `${user.ld.username ?? user.ld.email ?? user.ld.user_id}${where ? ` (${where})` : ''}`;
  }
  if (app === 'ts' && user.ts) return user.ts.username ?? user.ts.email ?? user.ts.user_id;
  return null;
}

/**
 * Which linked apps a user has, for admins (Edit User): read-only — only the user links or
 * unlinks their own accounts (they need the app's password to link).
 */
export function LinkedAppsSummary({ user }: { user: User }) {
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="gray.0" component="section" aria-label="Linked apps">
      <Text fz="sm" fw={600} mb={6}>
        Linked apps
      </Text>
      {LINKED_APPS.map((app) => {
        const linked = describeLink(user, app);
        return (
          <Group key={app} gap="xs" fz="sm" wrap="nowrap">
            <Text fz="sm" w={120}>
              {LINKED_APP_NAMES[app]}
            </Text>
            {linked ? (
              <Text fz="sm">{linked}</Text>
            ) : (
              <Badge variant="light" color="gray" radius="sm" size="sm">
                Not linked
              </Badge>
            )}
          </Group>
        );
      })}
    </Paper>
  );
}
