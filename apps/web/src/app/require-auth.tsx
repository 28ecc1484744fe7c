import { Alert } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { useMe } from '../shared/api/get-me';
import type { SignInState } from '../features/auth/after-sign-in';
import { loginUrl } from '../shared/session/login-url';
import { sessionEndReason, sessionHasExpired, useSession } from '../shared/session/session-store';
import { CenteredShell } from '../shared/ui/centered-shell';
import { PageLoader } from '../shared/ui/page-loader';
import { RetryAlert } from '../shared/ui/retry-alert';
import { LoginNotifications } from './login-notifications';

/**
 * Every screen but sign-in and its siblings needs a signed-in user (docs/product.md §2 Access rules). The
 * visitor goes to sign-in with where they were going in navigation state. With a token, the stored
 * user is re-read from auth/me once per page load.
 */
export function RequireAuth() {
  const { user, token } = useSession();
  const location = useLocation();
  const me = useMe({ enabled: Boolean(token) });

  if (!token) {
    // Single session: the warning stays up until the timed redirect to sign-in (single-session.ts).
    if (sessionEndReason() === 'another-device') return <AnotherDeviceScreen />;
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    // The same target as the API's 401 rule, so the two never race to different URLs.
    const to = loginUrl({ status: sessionHasExpired() ? 401 : undefined });
    return <Navigate to={to} replace state={{ from } satisfies SignInState} />;
  }
  if (user)
    return (
      <>
        <LoginNotifications userId={user.id} />
        <Outlet />
      </>
    );
  if (me.isError) {
    return (
      <CenteredShell>
        <RetryAlert
          message={MESSAGES.profileReadFailed}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </CenteredShell>
    );
  }
  return <PageLoader minHeight="100dvh" />;
}

function AnotherDeviceScreen() {
  return (
    <CenteredShell>
      <Alert color="yellow" variant="light" role="alert" title="Signed out">
        {MESSAGES.anotherDevice}
      </Alert>
      <PageLoader label="Taking you to sign in…" minHeight={80} />
    </CenteredShell>
  );
}
