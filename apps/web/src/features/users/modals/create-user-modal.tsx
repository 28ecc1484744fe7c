import { toUserPayload } from '@portal/contract';
import { showToast } from '../../../shared/ui/toast';
import { UserForm } from '../../../shared/users/user-form/user-form';
import { useCreateUser } from '../api/create-user';
import { UserModalFrame, useBackToList } from './user-modal-frame';

/** /admin/users/create (usersCreate): a new user; the server's message is toasted. */
export function CreateUserModal() {
  const back = useBackToList();
  const creation = useCreateUser();
  return (
    <UserModalFrame title="Create User">
      <UserForm
        mode="create"
        viewerIsAdmin
        editingSelf={false}
        withNotes
        submitLabel="Save"
        onCancel={() => back()}
        onSubmit={async (values) => {
          const { user, message } = await creation.mutateAsync(toUserPayload(values, { isAdmin: true }));
          showToast({ color: 'green', message });
          await back({ id: user.id, email: user.email });
        }}
      />
    </UserModalFrame>
  );
}
