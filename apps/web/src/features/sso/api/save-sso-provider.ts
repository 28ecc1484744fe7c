import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, ssoProviderSchema, type SaveSsoProviderRequest, type SsoProvider } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** POST sso/providers (new) or PUT sso/providers/{id}: an empty client_secret keeps the stored one. */
export async function saveSsoProvider(id: number | null, body: SaveSsoProviderRequest): Promise<SsoProvider> {
  const { data } = await apiRequest(id === null ? 'sso/providers' : `sso/providers/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: dataOf(ssoProviderSchema),
  });
  return data;
}

export function useSaveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveSsoProviderRequest }) =>
      saveSsoProvider(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
