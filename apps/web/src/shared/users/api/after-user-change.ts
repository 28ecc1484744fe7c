import type { QueryClient } from '@tanstack/react-query';
import { refreshMe } from '../../api/get-me';
import { userKeys } from '../../api/query-keys';
import { getSession } from '../../session/session-store';

/**
 * What every change to a user is followed by, written once for the mutation hooks that change
 * users (update, logo, flags): every users query goes stale (lists, the user, report access), and
 * when the user is you, the stored user is re-read (auth/me) so the header and the guards see the
 * change. A failed re-read is left to the next page load: the change itself was saved.
 */
export async function afterUserChange(queryClient: QueryClient, userId: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: userKeys.all });
  if (getSession().user?.id === userId) await refreshMe(queryClient).catch(() => undefined);
}
