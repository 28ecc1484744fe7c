import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeSessionsSchema, dataOf, messageBodySchema, type ActiveSession } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { sessionKeys } from '../../../shared/api/query-keys';

/** GET auth/sessions: this and the other active sessions of the signed-in user. */
export async function getSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const { data } = await apiRequest('auth/sessions', { schema: dataOf(activeSessionsSchema), signal });
  return data;
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSessions(signal),
    // Asked again on every visit, but not twice for one: the answer the route started with the
    // screen's code (app/screen-data.ts) is the screen's, not a reason to ask once more on mount.
    staleTime: 5_000,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** POST auth/sessions/revoke-others → the server's message; this session stays. */
export async function revokeOtherSessions(): Promise<string> {
  const { data } = await apiRequest('auth/sessions/revoke-others', {
    method: 'POST',
    schema: dataOf(messageBodySchema),
  });
  return data.message;
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
