import { dataOf, sessionSchema } from '@portal/contract';
import { getRefreshToken, saveSession } from '../session/session-store';
import { http } from './http';

let inFlight: Promise<boolean> | null = null;

/**
 * Renews the access token with the stored refresh token (POST auth/refresh). Single-flight on
 * purpose: refresh tokens rotate and a reused one revokes the whole family (docs/api.md), so parallel
 * 401s must share one refresh instead of each spending the same token.
 */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  inFlight ??= http('auth/refresh', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    schema: dataOf(sessionSchema),
  })
    .then(({ data }) => {
      saveSession(data);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
