import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDeviceDesktop, IconRefresh } from '@tabler/icons-react';
import { SESSION_MESSAGES, type ActiveSession } from '@portal/contract';
import { formatAgo, formatDayTime } from '../../../shared/format/dates';
import { isApiError } from '../../../shared/api/api-error';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { PageLoader } from '../../../shared/ui/page-loader';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { useNarrowScreen } from '../../../shared/ui/use-narrow-screen';
import { useRevokeOtherSessions, useSessions } from '../api/sessions';
import { ProfileCard } from './profile-card';

const when = (iso: string) => formatDayTime(iso);
const ago = (iso: string) => formatAgo(iso);

function SessionDevice({ session }: { session: ActiveSession }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconDeviceDesktop size={18} stroke={1.6} aria-hidden />
      <div>
        <Text fz="sm" fw={500}>
          {session.browser} on {session.device}
        </Text>
        {session.current && (
          <Badge size="sm" variant="filled" color="teal.9" radius="sm">
            This device
          </Badge>
        )}
      </div>
    </Group>
  );
}

/** A phone-sized screen: each session as a short list item, nothing to scroll sideways. */
function SessionItem({ session }: { session: ActiveSession }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <SessionDevice session={session} />
      <Text fz="sm" c="dimmed" mt={4}>
        {session.ip ?? '—'} · signed in {when(session.signedInAt)}
      </Text>
      <Text fz="sm" c="dimmed" title={when(session.lastActiveAt)}>
        Last active {ago(session.lastActiveAt)}
      </Text>
    </Paper>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  return (
    <Table.Tr>
      <Table.Td>
        <SessionDevice session={session} />
      </Table.Td>
      <Table.Td>{session.ip ?? '—'}</Table.Td>
      <Table.Td>{when(session.signedInAt)}</Table.Td>
      <Table.Td title={when(session.lastActiveAt)}>{ago(session.lastActiveAt)}</Table.Td>
    </Table.Tr>
  );
}

/** Profile 'Sessions' card: where this user is signed in, and ending the other sessions. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const narrow = useNarrowScreen();

  const onConfirm = () =>
    revoke.mutate(undefined, {
      onSuccess: (message) => showToast({ color: 'green', message }),
      onError: (error) => toastApiError(error),
      onSettled: () => setConfirming(false),
    });

  return (
    <ProfileCard
      id="profile-sessions"
      title="Sessions"
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void sessions.refetch()}
            loading={sessions.isFetching && !sessions.isPending}
          >
            Refresh
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            disabled={others === 0}
            onClick={() => setConfirming(true)}
          >
            Sign out other sessions
          </Button>
        </Group>
      }
    >
      {sessions.isPending ? (
        <PageLoader label="Loading sessions…" minHeight={80} />
      ) : sessions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {isApiError(sessions.error) && sessions.error.status === 404
            ? SESSION_MESSAGES.listUnavailable
            : SESSION_MESSAGES.listFailed(sessions.error.message)}
        </Alert>
      ) : narrow ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Active sessions">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="sm" aria-label="Active sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>IP address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Last active</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        title="Sign out other sessions"
        message={`Are you sure you want to sign out ${others === 1 ? 'your other session' : `your ${others} other sessions`}?`}
        actions={[{ label: 'Sign out', color: 'red', onConfirm }]}
        pending={revoke.isPending ? 'Sign out' : null}
        onClose={() => setConfirming(false)}
      />
    </ProfileCard>
  );
}
