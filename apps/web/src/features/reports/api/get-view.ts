import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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
    // Single use: never re-fetched behind the user's back. Kept for the token's 60 s only so that
    // the route loader's answer (asked in parallel with the page's chunk) is still there when the
    // page mounts; the page drops it when it closes (useView), so a later visit asks a fresh one.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The item's view; its token is spent by this page, so it is forgotten when the page closes. */
export function useView(itemId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      const { queryKey } = viewQueryOptions(itemId);
      // After the commit: StrictMode's rehearsal unmount is followed by a mount that observes it again.
      setTimeout(() => {
        const query = queryClient.getQueryCache().find({ queryKey, exact: true });
        if (query && query.getObserversCount() === 0) queryClient.removeQueries({ queryKey, exact: true });
      });
    },
    [queryClient, itemId],
  );
  return useQuery(viewQueryOptions(itemId));
}
