import { toUserPayload } from '@portal/contract';
import { showToast } from '../../../shared/ui/toast';
import { useStepUp } from '../../../shared/ui/use-step-up';
import { UserForm } from '../../../shared/users/user-form/user-form';
import { useCreateUser } from '../api/create-user';
import { UserModalFrame, useBackToList } from './user-modal-frame';

/** /admin/users/create (usersCreate): a new user; the server's message is toasted. */
export function CreateUserModal() {
  const back = useBackToList();
  const creation = useCreateUser();
  // A new administrator: the server asks for the acting admin's password.
  const stepUp = useStepUp('Confirm with your password');
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
          const body = toUserPayload(values, { isAdmin: true });
          const { user, message } = await stepUp.withStepUp((current_password) =>
            creation.mutateAsync(current_password ? { ...body, current_password } : body),
          );
          showToast({ color: 'green', message });
          await back({ id: user.id, email: user.email });
        }}
      />
      {stepUp.modal}
    </UserModalFrame>
  );
}
