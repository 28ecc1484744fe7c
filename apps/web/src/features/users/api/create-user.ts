import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataWithMessageOf, userSchema, type UserPayloadRequest } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';
import type { UserSaved } from '../../../shared/users/api/update-user';

/** POST users → 201 {data: User, message: 'User created successfully.'} | 422. */
export async function createUser(body: UserPayloadRequest): Promise<UserSaved> {
  const { data, message } = await apiRequest('users', {
    method: 'POST',
    body,
    schema: dataWithMessageOf(userSchema),
  });
  return { user: data, message };
}

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
