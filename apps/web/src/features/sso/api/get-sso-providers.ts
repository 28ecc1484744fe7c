import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, ssoProviderListSchema, type SsoProvider } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** GET sso/providers (admin). */
export async function getSsoProviders(signal?: AbortSignal): Promise<SsoProvider[]> {
  const { data } = await apiRequest('sso/providers', { schema: dataOf(ssoProviderListSchema), signal });
  return data;
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({ queryKey: ssoKeys.providers(), queryFn: ({ signal }) => getSsoProviders(signal) });

export const useSsoProviders = () => useQuery(ssoProvidersQueryOptions());
