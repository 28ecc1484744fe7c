import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, tattleUserSchema, type TattleUser } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { refreshMe } from '../../../shared/api/get-me';

/**
 * GET auth/tattle-user: is the linked TS session still alive? 409 when it ended (the server has
 * cleared the link); the portal keeps the TS session id, so no JSESSIONID header is sent.
 */
export async function checkTattleUser(): Promise<TattleUser> {
  const { data } = await apiRequest('auth/tattle-user', { schema: dataOf(tattleUserSchema) });
  return data;
}

/**
 * The check before Tattle Systems opens (a click, so a mutation rather than a cached read). A 409
 * means the link is gone: the stored user is re-read so the card shows it unlinked.
 */
export function useCheckTattleUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkTattleUser,
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) await refreshMe(queryClient).catch(() => undefined);
    },
  });
}
