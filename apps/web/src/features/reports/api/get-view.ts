import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, logOnTokenSchema, type LogOnToken } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { biKeys } from '../../../shared/api/query-keys';

/**
 * GET dundas-bi/log-on/token?item=: a fresh token and the URL that opens the item with it. A token
 * opens one view within 60 s, so it is never cached or fetched again behind the user's back.
 */
export async function getView(itemId: string, signal?: AbortSignal): Promise<Required<LogOnToken>> {
  const { data: view } = await apiRequest(`dundas-bi/log-on/token?item=${encodeURIComponent(itemId)}`, {
    schema: dataOf(logOnTokenSchema),
    signal,
    quiet: true,
  });
  if (!view.url) throw new Error('The server answered no view URL.');
  return { logOnToken: view.logOnToken, url: view.url };
}

export const viewQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: biKeys.view(itemId),
    queryFn: ({ signal }) => getView(itemId, signal),
    // Single use: never re-fetched behind the user's back, never kept after the page.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useView = (itemId: string) => useQuery(viewQueryOptions(itemId));
