import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBodySchema, type PagedUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';

/**
 * POST users/{id}/restore → 200 {message}: the user is active again. An administrator only with
 * the acting admin's password, when the server asks for it.
 */
export async function restoreUser({ id, currentPassword }: { id: number; currentPassword?: string }) {
  const { message } = await apiRequest(`users/${id}/restore`, {
    method: 'POST',
    ...(currentPassword && { body: { current_password: currentPassword } }),
    schema: messageBodySchema,
  });
  return message;
}

export const useRestoreUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSuccess: (_message, { id }) => {
      // docs/product.md §4: a restored user leaves the blocked list at once, before the refetch answers.
      queryClient.setQueriesData<PagedUsers>(
        { queryKey: userKeys.lists() },
        (page) => page && { ...page, data: page.data.filter((user) => user.id !== id) },
      );
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};
