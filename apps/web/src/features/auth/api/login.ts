import { sessionSchema, twoFactorChallengeSchema, type LoginRequest, type Session } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import type { CodeChallenge, SignInOutcome } from '../../../shared/sign-in/types';

/**
 * POST auth/login: 200/201 → Session; 202 → a security code is needed. A code the portal mailed (a
 * challenge with a secret) is finished with POST two-fa/verify; a code Live Dispatch asked for is
 * sent with the same sign-in as authKey. No mutation hook: the sign-in form owns the pending state,
 * and /login ships without React Query.
 */
export async function login(
  body: LoginRequest,
  challenge: CodeChallenge | null = null,
): Promise<SignInOutcome<Session>> {
  const { username, password, authKey } = body;
  if (challenge?.secret && authKey) {
    const { body: verified } = await apiRequest<{ data: unknown }>('two-fa/verify', {
      method: 'POST',
      auth: false,
      body: { code: authKey, secret: challenge.secret },
    });
    return { kind: 'done', value: sessionSchema.parse(verified.data) };
  }
  const { status, body: response } = await apiRequest<{ data: unknown }>('auth/login', {
    method: 'POST',
    auth: false,
    body: authKey ? { username, password, authKey } : { username, password },
  });
  if (status === 202) return { kind: 'code-required', ...twoFactorChallengeSchema.parse(response.data) };
  return { kind: 'done', value: sessionSchema.parse(response.data) };
}
