import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff, IconRoute, IconSatellite } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LINKED_APP_MESSAGES, LINKED_APP_NAMES, type LinkedApp, type User } from '@portal/contract';
import { routes } from '../../../shared/routes';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { openerProps } from '../../../shared/ui/dialog-on-first-open';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { useUnlinkAccount } from '../api/unlink-account';

/** What the card says about one link: who, and for LD the branch and client. */
function linkDetails(app: LinkedApp, user: User): Array<[string, string]> {
  if (app === 'ld' && user.ld) {
    const { username, email, branch_name, client_name } = user.ld;
    return [
      ['Username', username ?? email ?? user.ld.user_id],
      ['Branch', branch_name ?? '—'],
      ['Client', client_name ?? '—'],
    ];
  }
  if (app === 'ts' && user.ts) return [['Username', user.ts.username ?? user.ts.email ?? user.ts.user_id]];
  return [];
}

const ICONS: Record<LinkedApp, typeof IconRoute> = { ld: IconRoute, ts: IconSatellite };

/**
 * Profile 'Linked Apps' card (docs/product.md §2 Profile): each linked app with its username (LD also its
 * branch and client) and Unlink, after a confirmation; a failure is a warning toast with the
 * server's message.
 */
export function LinkedAppsCard({ user }: { user: User }) {
  const unlink = useUnlinkAccount();
  const [confirming, setConfirming] = useState<LinkedApp | null>(null);
  const linked = (['ld', 'ts'] as const).filter((app) => user[app] !== null);

  const onConfirm = (app: LinkedApp) =>
    unlink.mutate(app, {
      onSuccess: () =>
        showToast({ color: 'green', message: LINKED_APP_MESSAGES.unlinked(LINKED_APP_NAMES[app]) }),
      // The call is quiet: this warning is the only toast of any failure.
      onError: (error) => toastApiError(error, { color: 'yellow', quiet: true }),
      onSettled: () => setConfirming(null),
    });

  return (
    <Paper withBorder radius="lg" p="lg" maw={860} mt="lg" component="section" aria-labelledby="linked-apps">
      <Title order={2} fz="lg" mb="md" id="linked-apps">
        Linked Apps
      </Title>
      {linked.length === 0 ? (
        <Text c="dimmed">
          {LINKED_APP_MESSAGES.noLinkedApps}{' '}
          <Anchor component={Link} to={routes.dashboard} underline="always">
            Link one from the dashboard.
          </Anchor>
        </Text>
      ) : (
        <Stack gap="md">
          {linked.map((app) => {
            const Icon = ICONS[app];
            return (
              <Group
                key={app}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                role="group"
                aria-label={LINKED_APP_NAMES[app]}
              >
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" color={app === 'ld' ? 'orange' : 'indigo'}>
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{LINKED_APP_NAMES[app]}</Text>
                      <Badge size="sm" variant="light" color="teal" radius="sm">
                        Linked
                      </Badge>
                    </Group>
                    <Stack gap={0} mt={4}>
                      {linkDetails(app, user).map(([label, value]) => (
                        <Text key={label} fz="sm">
                          <Text span c="dimmed" fz="sm">
                            {label}:
                          </Text>{' '}
                          {value}
                        </Text>
                      ))}
                    </Stack>
                  </div>
                </Group>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconLinkOff size={16} aria-hidden />}
                  {...openerProps(ConfirmModal)}
                  onClick={() => setConfirming(app)}
                  aria-label={`Unlink ${LINKED_APP_NAMES[app]}`}
                >
                  Unlink
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title="Unlink app"
        message={confirming ? LINKED_APP_MESSAGES.unlinkConfirm(LINKED_APP_NAMES[confirming]) : ''}
        actions={[{ label: 'Unlink', color: 'red', onConfirm: () => confirming && onConfirm(confirming) }]}
        pending={unlink.isPending ? 'Unlink' : null}
        onClose={() => setConfirming(null)}
      />
    </Paper>
  );
}
