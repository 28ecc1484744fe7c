import { SimpleGrid } from '@mantine/core';
import { Navigate } from 'react-router';
import { MESSAGES, ROLE_IDS, hasRole } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { useUserFromRoute } from '../../shared/users/use-user-from-route';
import { AdminSettingsCard } from './components/admin-settings-card';
import { UserFlagsCard } from './components/user-flags-card';

/**
 * Settings (docs/product.md §2): yours, or — for admins only — another user's, passed in navigation state by
 * the users list (or by id on /admin/users/{id}/settings). A customer always gets their own.
 */
export function SettingsPage() {
  const me = useCurrentUser();
  const { user, notFound, query } = useUserFromRoute({ orSelf: true });
  const viewerIsAdmin = me ? hasRole(me, [ROLE_IDS.admin]) : false;

  if (!me) return null;
  if (notFound) return <Navigate to={routes.notFound} replace />;
  const breadcrumbs = [{ label: 'Dashboard', to: routes.dashboard }, { label: 'Settings' }];

  if (!user) {
    return (
      <>
        <PageHeader title="Settings" breadcrumbs={breadcrumbs} />
        {query.isError ? (
          <RetryAlert
            message={MESSAGES.dataFetchFailed}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <PageLoader />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader title={MESSAGES.settingsTitle(user.name)} breadcrumbs={breadcrumbs} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1000}>
        {/* Keyed: another user's page starts from that user's stored flags. */}
        <UserFlagsCard key={user.id} user={user} viewerIsAdmin={viewerIsAdmin} />
        {viewerIsAdmin && <AdminSettingsCard />}
      </SimpleGrid>
    </>
  );
}
