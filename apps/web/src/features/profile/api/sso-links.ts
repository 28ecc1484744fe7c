import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, ssoLinkListSchema, type SsoLink } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** GET auth/sso/links: the caller's identities at identity providers. */
export async function getMySsoLinks(signal?: AbortSignal): Promise<SsoLink[]> {
  const { data } = await apiRequest('auth/sso/links', { schema: dataOf(ssoLinkListSchema), signal });
  return data;
}

export const mySsoLinksQueryOptions = () =>
  queryOptions({ queryKey: ssoKeys.myLinks(), queryFn: ({ signal }) => getMySsoLinks(signal) });

export const useMySsoLinks = () => useQuery(mySsoLinksQueryOptions());
