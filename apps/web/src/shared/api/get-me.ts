import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@portal/contract';
import { api } from './api-client';
import { saveUser } from '../session/session-store';

/** GET auth/me: the signed-in user; it refreshes the stored user (SPEC §7). */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const user = userSchema.parse(await api.get<unknown>('auth/me', { signal }));
  saveUser(user);
  return user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    // Read once per page load; later screens that change the user update the store themselves.
    staleTime: Infinity,
  });

export const useMe = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });

/**
 * Re-reads the signed-in user after a change to it (own logo, own flags), so the header and the
 * guards see the new state. Always goes to the server, whatever the cache holds.
 */
export const refreshMe = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
