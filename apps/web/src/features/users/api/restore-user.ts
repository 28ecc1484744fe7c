import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBodySchema, type PagedUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';
import { usersListQueryRoot } from './get-users';

/** POST users/{id}/restore → 200 {message}: the user is active again. */
export async function restoreUser(id: number): Promise<string | null> {
  const { body } = await apiRequest<unknown>(`users/${id}/restore`, { method: 'POST' });
  const parsed = messageBodySchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

export const useRestoreUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSuccess: (_message, id) => {
      // SPEC §4: a restored user leaves the blocked list at once, before the refetch answers.
      queryClient.setQueriesData<PagedUsers>(
        { queryKey: usersListQueryRoot },
        (page) => page && { ...page, data: page.data.filter((user) => user.id !== id) },
      );
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
    },
  });
};
