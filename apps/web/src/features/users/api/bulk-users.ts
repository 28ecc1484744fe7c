import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUsersResponseSchema, type BulkUsersRequest, type BulkUsersResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';

/** POST users/bulk → 200 {data: per-user results, message}. */
export async function bulkUsers(body: BulkUsersRequest): Promise<BulkUsersResponse> {
  return apiRequest('users/bulk', { method: 'POST', body, schema: bulkUsersResponseSchema });
}

export const useBulkUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUsers,
    // Any of the lists, users and NSBI screens may show what changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
