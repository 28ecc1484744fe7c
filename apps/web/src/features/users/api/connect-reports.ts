import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';

/** POST dundas-bi/account/projects: one BI project for several users; answers the server's message. */
export function useConnectReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { user_ids: number[]; project_id: string | null }) => {
      const { body: answer } = await apiRequest<{ message?: string }>('dundas-bi/account/projects', {
        method: 'POST',
        body,
      });
      return answer.message ?? null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT }),
  });
}
