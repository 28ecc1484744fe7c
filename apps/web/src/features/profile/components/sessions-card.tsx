import { Suspense, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { SESSION_MESSAGES, type ActiveSession } from '@portal/contract';
import { formatAgo, formatDayTime } from '../../../shared/format/dates';
import { isApiError } from '../../../shared/api/api-error';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { openerProps } from '../../../shared/ui/dialog-on-first-open';
import { lazyComponent } from '../../../shared/ui/lazy-component';
import { PageLoader } from '../../../shared/ui/page-loader';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { isNarrowScreen, useNarrowScreen } from '../../../shared/ui/use-narrow-screen';
import { useRevokeOtherSessions, useSessions } from '../api/sessions';
import { ProfileCard } from './profile-card';
import { SessionDevice } from './session-device';

// Mantine's Table only on a screen wide enough for it, fetched with the screen's code, alongside
// the list's data (decision 0045).
const SessionsTable = lazyComponent(() => import('./sessions-table').then((m) => m.SessionsTable));
// Fetched as soon as this code runs (with the screen, or on the intent to open it) on a wide
// screen, not one step later when the card is drawn.
if (!isNarrowScreen()) void SessionsTable.preload().catch(() => undefined);

const loader = <PageLoader label="Loading sessions…" minHeight={80} />;

/** A phone-sized screen: each session as a short list item, nothing to scroll sideways. */
function SessionItem({ session }: { session: ActiveSession }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <SessionDevice session={session} />
      <Text fz="sm" c="dimmed" mt={4}>
        {session.ip ?? '—'} · signed in {formatDayTime(session.signedInAt)}
      </Text>
      <Text fz="sm" c="dimmed" title={formatDayTime(session.lastActiveAt)}>
        Last active {formatAgo(session.lastActiveAt)}
      </Text>
    </Paper>
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
            {...openerProps(ConfirmModal)}
            onClick={() => setConfirming(true)}
          >
            Sign out other sessions
          </Button>
        </Group>
      }
    >
      {sessions.isPending ? (
        loader
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
        <Suspense fallback={loader}>
          <SessionsTable sessions={sessions.data} />
        </Suspense>
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
