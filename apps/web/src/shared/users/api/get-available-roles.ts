import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { dataOf, roleSchema, type Role } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { roleKeys } from '../../api/query-keys';

/** GET roles/available → the roles the user form offers (docs/product.md §6). */
export async function getAvailableRoles(signal?: AbortSignal): Promise<Role[]> {
  const { data } = await apiRequest('roles/available', { schema: dataOf(z.array(roleSchema)), signal });
  return data;
}

export const availableRolesQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.available(),
    queryFn: ({ signal }) => getAvailableRoles(signal),
    staleTime: 5 * 60_000,
  });

export const useAvailableRoles = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...availableRolesQueryOptions(), enabled: options.enabled ?? true });
