import { Alert, Button, Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { useMe } from '../features/auth/api/get-me';
import type { SignInState } from '../features/auth/after-sign-in';
import { loginUrl } from '../shared/session/login-url';
import { sessionHasExpired, useSession } from '../shared/session/session-store';
import { CenteredShell } from '../shared/ui/centered-shell';
import { PageLoader } from '../shared/ui/page-loader';

/**
 * Every screen but sign-in and its siblings needs a signed-in user (SPEC §2 Access rules). The
 * visitor goes to sign-in with where they were going in navigation state. With a token, the stored
 * user is re-read from auth/me once per page load.
 */
export function RequireAuth() {
  const { user, token } = useSession();
  const location = useLocation();
  const me = useMe({ enabled: Boolean(token) });

  if (!token) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    // The same target as the API's 401 rule, so the two never race to different URLs.
    const to = loginUrl({ status: sessionHasExpired() ? 401 : undefined });
    return <Navigate to={to} replace state={{ from } satisfies SignInState} />;
  }
  if (user) return <Outlet />;
  if (me.isError) {
    return (
      <CenteredShell>
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.profileReadFailed}
          </Alert>
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </Stack>
      </CenteredShell>
    );
  }
  return <PageLoader minHeight="100dvh" />;
}
