import { useMutation, useQueryClient } from '@tanstack/react-query';
import { biBulkProjectAnswerSchema, type BiBulkProject } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';

/** POST dundas-bi/account/projects: one BI project for several users → the server's sentence. */
export async function connectReports(body: BiBulkProject): Promise<string> {
  const { message } = await apiRequest('dundas-bi/account/projects', {
    method: 'POST',
    body,
    schema: biBulkProjectAnswerSchema,
  });
  return message;
}

/** Their projects changed: every users query (lists, NSBI Dashboards, report access) is stale. */
export function useConnectReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectReports,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
