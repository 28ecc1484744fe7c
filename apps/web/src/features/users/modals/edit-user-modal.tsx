import { Navigate } from 'react-router';
import { MESSAGES, toUserPayload } from '@portal/contract';
import { routes } from '../../../shared/routes';
import { useCurrentUser } from '../../../shared/session/session-store';
import { PageLoader } from '../../../shared/ui/page-loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { showToast } from '../../../shared/ui/toast';
import { useStepUp } from '../../../shared/ui/use-step-up';
import { useUpdateUser } from '../../../shared/users/api/update-user';
import { useUserFromRoute } from '../../../shared/users/use-user-from-route';
import { UserForm } from '../../../shared/users/user-form/user-form';
import { LinkedAppsSummary } from '../components/linked-apps-summary';
import { SsoLinksSummary } from '../components/sso-links-summary';
import { UserModalFrame, useBackToList } from './user-modal-frame';

/**
 * /admin/users/{id}/edit (usersEdit): the user from navigation state when the list passed it,
 * else GET users/{id}; an unknown user goes to the not-found page (docs/product.md §2 Modals).
 */
export function EditUserModal() {
  const { id, user, notFound, query } = useUserFromRoute();
  const me = useCurrentUser();
  const back = useBackToList();
  const update = useUpdateUser();
  // Another administrator's password, email or role, or making someone one: the server asks for
  // the acting admin's password (a cancel leaves the form as it was: UserForm ignores it).
  const stepUp = useStepUp('Confirm with your password');

  if (notFound) return <Navigate to={routes.notFound} replace />;
  return (
    <UserModalFrame title="Edit User">
      {query.isPending && <PageLoader minHeight={320} label="Loading user…" />}
      {query.isError && (
        <RetryAlert
          message={MESSAGES.dataFetchFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {user && <LinkedAppsSummary user={user} />}
      {user && <SsoLinksSummary userId={user.id} />}
      {user && (
        <UserForm
          mode="edit"
          user={user}
          viewerIsAdmin
          editingSelf={me?.id === id}
          withNotes
          submitLabel="Save"
          onCancel={back}
          onSubmit={async (values) => {
            // The hook re-reads your stored user when you edit yourself (header, guards).
            const body = toUserPayload(values, { isAdmin: true });
            const { message } = await stepUp.withStepUp((current_password) =>
              update.mutateAsync({ id, body: current_password ? { ...body, current_password } : body }),
            );
            showToast({ color: 'green', message });
            await back();
          }}
        />
      )}
      {stepUp.modal}
    </UserModalFrame>
  );
}
