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
 * Settings (docs/product.md §2): yours, or — for admins only — another user's: the users list opens
 * /admin/users/{id}/settings (its own URL, so a new tab or a reload shows that user). A customer
 * always gets their own.
 */
export function SettingsPage() {
  const me = useCurrentUser();
  // Fresh: toggles shown from a stale copy (navigation state survives reload and back) would save
  // over what changed since.
  const { user, notFound, query } = useUserFromRoute({ orSelf: true, fresh: true });
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
