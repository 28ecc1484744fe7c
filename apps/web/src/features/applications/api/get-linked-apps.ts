import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkedAppListSchema, type LinkedApp } from '@portal/contract';
import { api } from '../../../shared/api/api-client';

/** GET linked-apps: where each linked app opens (configured on the server). */
export const linkedAppsQueryOptions = () =>
  queryOptions({
    queryKey: ['linked-apps'],
    queryFn: async ({ signal }) =>
      linkedAppListSchema.parse(await api.get<unknown>('linked-apps', { signal })),
    staleTime: Infinity,
  });

/** The URL each app opens at, once known. */
export function useLinkedAppUrls(): Partial<Record<LinkedApp, string>> {
  const { data } = useQuery(linkedAppsQueryOptions());
  return Object.fromEntries((data ?? []).map((entry) => [entry.app, entry.url]));
}
