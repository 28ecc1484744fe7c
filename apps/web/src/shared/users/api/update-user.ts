import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataWithMessageOf, userSchema, type User, type UserPayloadRequest } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { userKeys } from '../../api/query-keys';
import { afterUserChange } from './after-user-change';

export type UserSaved = { user: User; message: string };

/** PUT users/{id} → 200 {data: User, message: 'User updated successfully.'} | 422. */
export async function updateUser(id: number, body: UserPayloadRequest): Promise<UserSaved> {
  const { data, message } = await apiRequest(`users/${id}`, {
    method: 'PUT',
    body,
    schema: dataWithMessageOf(userSchema),
  });
  return { user: data, message };
}

/** Saves a user (the admin's Edit User, your own profile); the saved user is cached at once. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserPayloadRequest }) => updateUser(id, body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return afterUserChange(queryClient, user.id);
    },
  });
};
