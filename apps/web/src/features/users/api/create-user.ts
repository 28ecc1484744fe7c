import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataWithMessageOf, userSchema, type UserPayloadBody } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import type { UserSaved } from '../../../shared/users/api/update-user';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';

const responseSchema = dataWithMessageOf(userSchema);

/** POST users → 201 {data: User, message: 'User created successfully.'} | 422. */
export async function createUser(body: UserPayloadBody): Promise<UserSaved> {
  const { body: response } = await apiRequest<unknown>('users', { method: 'POST', body });
  const { data, message } = responseSchema.parse(response);
  return { user: data, message };
}

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT }),
  });
};
