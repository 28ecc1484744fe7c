import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@portal/contract';
import { api } from '../../api/api-client';
import { USERS_QUERY_ROOT } from '../query-keys';

/** GET users/{id} → User | 404 (admin). */
export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return userSchema.parse(await api.get<unknown>(`users/${id}`, { signal }));
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...USERS_QUERY_ROOT, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** With `initialUser` (e.g. from navigation state) nothing is fetched until it goes stale (SPEC §2 Edit User). */
export const useUser = (id: number, options: { initialUser?: User | null; enabled?: boolean } = {}) =>
  useQuery({
    ...userQueryOptions(id),
    enabled: options.enabled ?? true,
    ...(options.initialUser && { initialData: options.initialUser }),
  });
