import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { MESSAGES, ROLE_IDS, hasRole, type User } from '@portal/contract';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
import { useUser } from '../../shared/users/api/get-user';
import { AdminSettingsCard } from './components/admin-settings-card';
import { UserFlagsCard } from './components/user-flags-card';

type SettingsState = { user?: User } | null;

/**
 * Settings (SPEC §2): yours, or — for admins only — another user's, passed in navigation state by
 * the users list (or by id on /admin/users/{id}/settings). A customer always gets their own.
 */
export function SettingsPage() {
  const me = useCurrentUser();
  const stateUser = (useLocation().state as SettingsState)?.user;
  const { id: paramId } = useParams();
  const viewerIsAdmin = me ? hasRole(me, [ROLE_IDS.admin]) : false;
  const requestedId = paramId !== undefined ? Number(paramId) : stateUser?.id;
  const targetId = viewerIsAdmin && requestedId !== undefined ? requestedId : (me?.id ?? 0);
  const isSelf = targetId === me?.id;
  const other = useUser(targetId, {
    initialUser: stateUser?.id === targetId ? stateUser : null,
    enabled: !isSelf && Number.isInteger(targetId) && targetId > 0,
  });

  if (!me) return null;
  if (!isSelf && (!Number.isInteger(targetId) || (isApiError(other.error) && other.error.status === 404))) {
    return <Navigate to={routes.notFound} replace />;
  }
  const user = isSelf ? me : other.data;
  const breadcrumbs = [{ label: 'Dashboard', to: routes.dashboard }, { label: 'Settings' }];

  if (!user) {
    return (
      <>
        <PageHeader title="Settings" breadcrumbs={breadcrumbs} />
        {other.isError ? (
          <Stack align="flex-start">
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.dataFetchFailed}
            </Alert>
            <Button variant="default" onClick={() => void other.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <PageLoader />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader title={`Settings - ${user.name}`} breadcrumbs={breadcrumbs} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1000}>
        {/* Keyed: another user's page starts from that user's stored flags. */}
        <UserFlagsCard key={user.id} user={user} viewerIsAdmin={viewerIsAdmin} />
        {viewerIsAdmin && <AdminSettingsCard />}
      </SimpleGrid>
    </>
  );
}
