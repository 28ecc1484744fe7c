import { sessionSchema, twoFactorChallengeSchema, type LoginRequest, type Session } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import type { SignInOutcome } from '../types';

/**
 * POST auth/login: 200/201 → Session; 202 → a security code was sent, resubmit with authKey.
 * No mutation hook: the sign-in form owns the pending state, and /login ships without React Query.
 */
export async function login(body: LoginRequest): Promise<SignInOutcome<Session>> {
  const { username, password, authKey } = body;
  const { status, body: response } = await apiRequest<{ data: unknown }>('auth/login', {
    method: 'POST',
    auth: false,
    body: authKey ? { username, password, authKey } : { username, password },
  });
  if (status === 202) return { kind: 'code-required', ...twoFactorChallengeSchema.parse(response.data) };
  return { kind: 'done', value: sessionSchema.parse(response.data) };
}
