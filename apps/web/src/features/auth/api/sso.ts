import {
  dataOf,
  sessionSchema,
  ssoLookupSchema,
  ssoStartSchema,
  type Session,
  type SsoCallbackRequest,
  type SsoLookup,
  type SsoStart,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** GET auth/sso/lookup?email=: the identity provider serving the email's domain, or null. */
export async function lookUpSsoProvider(email: string, signal?: AbortSignal): Promise<SsoLookup> {
  const { data } = await apiRequest(`auth/sso/lookup?email=${encodeURIComponent(email)}`, {
    auth: false,
    quiet: true,
    schema: dataOf(ssoLookupSchema),
    signal,
  });
  return data;
}

/** POST auth/sso/start: where to send the browser, and the attempt secret it must bring back. */
export async function startSsoSignIn(providerId: number): Promise<SsoStart> {
  const { data } = await apiRequest('auth/sso/start', {
    method: 'POST',
    auth: false,
    body: { provider_id: providerId },
    schema: dataOf(ssoStartSchema),
  });
  return data;
}

/** POST auth/sso/callback → Session. Exempt from the global 401 rule: a refusal shows its own message. */
export async function finishSsoSignIn(body: SsoCallbackRequest): Promise<Session> {
  const { data } = await apiRequest('auth/sso/callback', {
    method: 'POST',
    auth: false,
    body,
    schema: dataOf(sessionSchema),
  });
  return data;
}

/** The attempt secret lives in this tab only, from the start of a sign-in to its return. */
const ATTEMPT_KEY = 'portal.sso.attempt';
export const rememberSsoAttempt = (attempt: string) => sessionStorage.setItem(ATTEMPT_KEY, attempt);
export function takeSsoAttempt(): string | null {
  const attempt = sessionStorage.getItem(ATTEMPT_KEY);
  sessionStorage.removeItem(ATTEMPT_KEY);
  return attempt;
}
