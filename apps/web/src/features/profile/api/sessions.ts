import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeSessionsSchema, type ActiveSession } from '@portal/contract';
import { api, apiRequest } from '../../../shared/api/api-client';

/** GET auth/sessions: this and the other active sessions of the signed-in user. */
export async function getSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  return activeSessionsSchema.parse(await api.get<unknown>('auth/sessions', { signal }));
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** POST auth/sessions/revoke-others → the server's message (if any); this session stays. */
export async function revokeOtherSessions(): Promise<string | null> {
  const { body } = await apiRequest<{ message?: string; data?: { message?: string } } | null>(
    'auth/sessions/revoke-others',
    { method: 'POST' },
  );
  return body?.message ?? body?.data?.message ?? null;
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
