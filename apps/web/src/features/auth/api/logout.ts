import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../shared/api/api-client';
import { getAccessToken } from '../../../shared/session/session-store';

/** POST auth/logout → 204: revokes the token on the server. */
export async function logout(): Promise<void> {
  // Nothing to revoke without a token (docs/product.md §4: logout calls the server unless told otherwise).
  if (!getAccessToken()) return;
  await apiRequest('auth/logout', { method: 'POST', schema: z.null() });
}

export const useLogout = () => useMutation({ mutationFn: logout });
