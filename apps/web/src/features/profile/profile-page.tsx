import { Paper, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_IDS, hasRole } from '@portal/contract';
import { refreshMe } from '../../shared/api/get-me';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { showToast } from '../../shared/ui/toast';
import { USERS_QUERY_ROOT } from '../../shared/users/query-keys';
import { UserForm } from '../../shared/users/user-form/user-form';
import { LinkedAppsCard } from './components/linked-apps-card';
import { SessionsCard } from './components/sessions-card';
import { saveProfile } from './save-profile';

/**
 * My Profile (SPEC §2 Profile): the 'Details' card with the user form and 'Save Profile', and the
 * 'Linked Apps' card. Notes belong to the modal form only; admin notes and NSBI to admins.
 */
export function ProfilePage() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  if (!me) return null;
  const isAdmin = hasRole(me, [ROLE_IDS.admin]);

  return (
    <>
      <PageHeader
        title="My Profile"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'My Profile' }]}
      />
      <Paper withBorder radius="lg" p="lg" maw={860} component="section" aria-labelledby="profile-details">
        <Title order={2} fz="lg" mb="md" id="profile-details">
          Details
        </Title>
        <UserForm
          mode="edit"
          user={me}
          viewerIsAdmin={isAdmin}
          editingSelf
          withNotes={false}
          submitLabel="Save Profile"
          onSubmit={async (values) => {
            const message = await saveProfile(me, values, isAdmin);
            showToast({ color: 'green', message });
            await queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
            await refreshMe(queryClient).catch(() => undefined);
          }}
        />
      </Paper>
      <LinkedAppsCard user={me} />
      <SessionsCard />
    </>
  );
}
