import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataOf, userSchema, type User } from '@portal/contract';
import { saveUser } from '../session/session-store';
import { apiRequest } from './api-client';
import { meKeys } from './query-keys';

/** GET auth/me: the signed-in user; it refreshes the stored user (docs/product.md §7). */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const { data: user } = await apiRequest('auth/me', { schema: dataOf(userSchema), signal });
  saveUser(user);
  return user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe(signal),
    // Read once per page load; later changes to the user re-read it (refreshMe).
    staleTime: Infinity,
  });

export const useMe = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });

/**
 * Re-reads the signed-in user after a change to it (own logo, own flags, a link ended), so the
 * header and the guards see the new state. Always goes to the server, whatever the cache holds.
 */
export const refreshMe = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
