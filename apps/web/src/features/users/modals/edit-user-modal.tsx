import { Alert, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { MESSAGES, toUserPayload } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { refreshMe } from '../../../shared/api/get-me';
import { routes } from '../../../shared/routes';
import { useCurrentUser } from '../../../shared/session/session-store';
import { PageLoader } from '../../../shared/ui/page-loader';
import { showToast } from '../../../shared/ui/toast';
import { useUser } from '../../../shared/users/api/get-user';
import { useUpdateUser } from '../../../shared/users/api/update-user';
import { UserForm } from '../../../shared/users/user-form/user-form';
import { LinkedAppsSummary } from '../components/linked-apps-summary';
import type { UserNavigationState } from '../components/user-row-actions';
import { UserModalFrame, useBackToList } from './user-modal-frame';

/**
 * /admin/users/{id}/edit (usersEdit): the user from navigation state when the list passed it,
 * else GET users/{id}; an unknown user goes to the not-found page (SPEC §2 Modals).
 */
export function EditUserModal() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const stateUser = (useLocation().state as UserNavigationState | null)?.user;
  const me = useCurrentUser();
  const back = useBackToList();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const query = useUser(id, { initialUser: stateUser?.id === id ? stateUser : null, enabled: valid });

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return <Navigate to={routes.notFound} replace />;
  }
  return (
    <UserModalFrame title="Edit User">
      {query.isPending && <PageLoader minHeight={320} label="Loading user…" />}
      {query.isError && (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.dataFetchFailed}
          </Alert>
          <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      )}
      {query.data && <LinkedAppsSummary user={query.data} />}
      {query.data && (
        <UserForm
          mode="edit"
          user={query.data}
          viewerIsAdmin
          editingSelf={me?.id === id}
          withNotes
          submitLabel="Save"
          onCancel={back}
          onSubmit={async (values) => {
            const { message } = await update.mutateAsync({
              id,
              body: toUserPayload(values, { isAdmin: true }),
            });
            showToast({ color: 'green', message });
            // Your own name, email or flags show in the header and guards: re-read the stored user.
            if (me?.id === id) await refreshMe(queryClient).catch(() => undefined);
            await back();
          }}
        />
      )}
    </UserModalFrame>
  );
}
