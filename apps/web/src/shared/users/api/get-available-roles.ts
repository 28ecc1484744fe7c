import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { roleSchema, type Role } from '@portal/contract';
import { api } from '../../api/api-client';

/** GET roles/available → the roles the user form offers (SPEC §6). */
export async function getAvailableRoles(signal?: AbortSignal): Promise<Role[]> {
  return z.array(roleSchema).parse(await api.get<unknown>('roles/available', { signal }));
}

export const availableRolesQueryOptions = () =>
  queryOptions({
    queryKey: ['roles', 'available'],
    queryFn: ({ signal }) => getAvailableRoles(signal),
    staleTime: 5 * 60_000,
  });

export const useAvailableRoles = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...availableRolesQueryOptions(), enabled: options.enabled ?? true });
