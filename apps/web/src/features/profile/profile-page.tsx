import { Paper, Title } from '@mantine/core';
import { ROLE_IDS, hasRole, toUserPayload } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { showToast } from '../../shared/ui/toast';
import { useUpdateUser } from '../../shared/users/api/update-user';
import { UserForm } from '../../shared/users/user-form/user-form';
import { LinkedAppsCard } from './components/linked-apps-card';
import { PasskeysCard } from './components/passkeys-card';
import { SessionsCard } from './components/sessions-card';
import { SsoLinksCard } from './components/sso-links-card';

/**
 * My Profile (docs/product.md §2 Profile): the 'Details' card with the user form and 'Save Profile', and the
 * 'Linked Apps' card. Notes belong to the modal form only; admin notes and NSBI to admins.
 *
 * Saving is PUT users/{id} on your own id, which works for every signed-in user (decision 0004).
 * The server refuses a role change and admin-only meta for non-admins; the form already locks the
 * role and hides admin fields, so a customer only ever sends what they may change.
 */
export function ProfilePage() {
  const me = useCurrentUser();
  const update = useUpdateUser();
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
            const { message } = await update.mutateAsync({
              id: me.id,
              body: toUserPayload(values, { isAdmin }),
            });
            showToast({ color: 'green', message });
          }}
        />
      </Paper>
      <LinkedAppsCard user={me} />
      <PasskeysCard />
      <SsoLinksCard />
      <SessionsCard />
    </>
  );
}
