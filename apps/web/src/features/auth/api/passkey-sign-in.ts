import {
  dataOf,
  passkeySignInOptionsSchema,
  sessionSchema,
  type PasskeySignIn,
  type PasskeySignInOptions,
  type Session,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * POST auth/passkeys/sign-in-options: a new attempt. `quiet` for the autofill start nobody asked
 * for: its failure is not worth a toast.
 */
export async function getPasskeySignInOptions(quiet = false): Promise<PasskeySignInOptions> {
  const { data } = await apiRequest('auth/passkeys/sign-in-options', {
    method: 'POST',
    auth: false,
    quiet,
    schema: dataOf(passkeySignInOptionsSchema),
  });
  return data;
}

/** POST auth/passkeys/sign-in: the browser's answer for the attempt → a session (no code). */
export async function signInWithPasskey(body: PasskeySignIn): Promise<Session> {
  const { data } = await apiRequest('auth/passkeys/sign-in', {
    method: 'POST',
    auth: false,
    body,
    schema: dataOf(sessionSchema),
  });
  return data;
}
