import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@portal/contract';
import { api } from '../../../shared/api/api-client';
import { saveUser } from '../../../shared/session/session-store';

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
