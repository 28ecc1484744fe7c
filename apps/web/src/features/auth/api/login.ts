import { dataOf, sessionSchema, type LoginRequest, type Session } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { signInOutcomeOf, type CodeChallenge, type SignInOutcome } from '../../../shared/sign-in/types';

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
    const { data } = await apiRequest('two-fa/verify', {
      method: 'POST',
      auth: false,
      body: { code: authKey, secret: challenge.secret },
      schema: dataOf(sessionSchema),
    });
    return { kind: 'done', value: data };
  }
  return apiRequest('auth/login', {
    method: 'POST',
    auth: false,
    body: authKey ? { username, password, authKey } : { username, password },
    schema: signInOutcomeOf(sessionSchema),
  });
}
