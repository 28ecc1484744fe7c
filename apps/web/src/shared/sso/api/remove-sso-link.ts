import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { ssoKeys } from '../../api/query-keys';

/** DELETE sso/links/{id} (admin): the identity no longer signs the user in. */
export async function removeSsoLink(id: number): Promise<void> {
  await apiRequest(`sso/links/${id}`, { method: 'DELETE', schema: noContentSchema });
}

export function useRemoveSsoLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
