import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataWithMessageOf, userSchema, type User, type UserPayloadBody } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { USERS_QUERY_ROOT } from '../query-keys';

export type UserSaved = { user: User; message: string };

const responseSchema = dataWithMessageOf(userSchema);

/** PUT users/{id} → 200 {data: User, message: 'User updated successfully.'} | 422. */
export async function updateUser(id: number, body: UserPayloadBody): Promise<UserSaved> {
  const { body: response } = await apiRequest<unknown>(`users/${id}`, { method: 'PUT', body });
  const { data, message } = responseSchema.parse(response);
  return { user: data, message };
}

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserPayloadBody }) => updateUser(id, body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData([...USERS_QUERY_ROOT, 'detail', user.id], user);
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
    },
  });
};
