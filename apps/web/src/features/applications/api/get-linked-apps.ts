import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, linkedAppListSchema, type LinkedApp, type LinkedAppEntry } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { linkedAppKeys } from '../../../shared/api/query-keys';

/** GET linked-apps: where each linked app opens (configured on the server). */
export async function getLinkedApps(signal?: AbortSignal): Promise<LinkedAppEntry[]> {
  const { data } = await apiRequest('linked-apps', { schema: dataOf(linkedAppListSchema), signal });
  return data;
}

export const linkedAppsQueryOptions = () =>
  queryOptions({
    queryKey: linkedAppKeys.all,
    queryFn: ({ signal }) => getLinkedApps(signal),
    staleTime: Infinity,
  });

/** The URL each app opens at, once known. */
export function useLinkedAppUrls(): Partial<Record<LinkedApp, string>> {
  const { data } = useQuery(linkedAppsQueryOptions());
  return Object.fromEntries((data ?? []).map((entry) => [entry.app, entry.url]));
}
