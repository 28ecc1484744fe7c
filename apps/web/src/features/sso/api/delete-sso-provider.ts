import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** DELETE sso/providers/{id}: the provider and its links. */
export async function deleteSsoProvider(id: number): Promise<void> {
  await apiRequest(`sso/providers/${id}`, { method: 'DELETE', schema: noContentSchema });
}

export function useDeleteSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSsoProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
