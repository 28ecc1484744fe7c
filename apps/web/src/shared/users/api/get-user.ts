import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, userSchema, type User } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { userKeys } from '../../api/query-keys';

/** GET users/{id} → User | 404 (admin). */
export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const { data } = await apiRequest(`users/${id}`, { schema: dataOf(userSchema), signal });
  return data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** With `initialUser` (e.g. from navigation state) nothing is fetched until it goes stale (docs/product.md §2 Edit User). */
export const useUser = (
  id: number,
  options: { initialUser?: User | null; enabled?: boolean; fresh?: boolean } = {},
) =>
  useQuery({
    ...userQueryOptions(id),
    enabled: options.enabled ?? true,
    ...(options.initialUser && { initialData: options.initialUser }),
    // `fresh`: a screen that edits what it shows (Settings' toggles) reads the user on every visit.
    ...(options.fresh && { refetchOnMount: 'always' as const }),
  });
