import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, ssoLinkListSchema, type SsoLink } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** GET sso/providers/{id}/links (admin). */
export async function getSsoProviderLinks(id: number, signal?: AbortSignal): Promise<SsoLink[]> {
  const { data } = await apiRequest(`sso/providers/${id}/links`, {
    schema: dataOf(ssoLinkListSchema),
    signal,
  });
  return data;
}

export const ssoProviderLinksQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ssoKeys.providerLinks(id),
    queryFn: ({ signal }) => getSsoProviderLinks(id, signal),
  });

export const useSsoProviderLinks = (id: number) => useQuery(ssoProviderLinksQueryOptions(id));
