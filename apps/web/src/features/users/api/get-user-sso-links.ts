import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, ssoLinkListSchema, type SsoLink } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { ssoKeys } from '../../../shared/api/query-keys';

/** GET users/{id}/sso-links (admin): the user's identities at identity providers. */
export async function getUserSsoLinks(userId: number, signal?: AbortSignal): Promise<SsoLink[]> {
  const { data } = await apiRequest(`users/${userId}/sso-links`, {
    schema: dataOf(ssoLinkListSchema),
    signal,
  });
  return data;
}

export const userSsoLinksQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ssoKeys.userLinks(userId),
    queryFn: ({ signal }) => getUserSsoLinks(userId, signal),
  });

export const useUserSsoLinks = (userId: number) => useQuery(userSsoLinksQueryOptions(userId));
