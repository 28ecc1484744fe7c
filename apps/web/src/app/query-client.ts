import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';
import { getSession, subscribeSession } from '../shared/session/session-store';

/**
 * Retries only when no response arrived (flaky network). A server that answered — 4xx or 5xx — has
 * spoken: retrying would only repeat its toast and delay the error state.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => isApiError(error) && error.status === 0 && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | null = null;
let unsubscribe = () => {};

/**
 * The query cache belongs to one signed-in user: it empties when the session ends (logout, 401) or
 * another user signs in. Created on first use, i.e. after the cache-version check of main.tsx, so
 * a fresh cache never holds data of an older build.
 */
export function getQueryClient(): QueryClient {
  if (client) return client;
  const created = createQueryClient();
  let owner = getSession().user?.id ?? null;
  unsubscribe = subscribeSession(() => {
    const { token, user } = getSession();
    const next = token ? (user?.id ?? owner) : null;
    if (next !== owner) created.clear();
    owner = next;
  });
  client = created;
  return created;
}

/** Tests only: forget the cache, as a page reload would. */
export function resetQueryClient() {
  unsubscribe();
  client?.clear();
  client = null;
}
