import {
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Session } from '@portal/contract';
import { isApiError } from '../../shared/api/api-error';
import { ceremonyErrorMessage, isCancelled } from '../../shared/passkeys/ceremony-errors';
import { getPasskeySignInOptions, signInWithPasskey } from './api/passkey-sign-in';

/**
 * A passkey sign-in ceremony: options from the server, the browser's prompt (or, with `autofill`,
 * the username field's suggestions), the answer checked by the server. Loaded on demand by the
 * sign-in page (with the WebAuthn library), never with /login itself.
 */
export async function passkeySignIn(autofill = false): Promise<Session> {
  const { attempt, options } = await getPasskeySignInOptions(autofill);
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  // Extension outputs are not read by the server (it asks for none).
  return signInWithPasskey({ attempt, response: { ...response, clientExtensionResults: {} } });
}

/**
 * What to say of a failed ceremony: the server's message, the browser's reason, or nothing when the
 * person closed the prompt (or, for `autofill`, anything but the server's refusal of the passkey
 * picked: an autofill nobody used is no failure).
 */
export function failureMessage(error: unknown, autofill = false): string | null {
  if (isApiError(error)) return error.message;
  if (autofill || isCancelled(error)) return null;
  return ceremonyErrorMessage(error);
}

/** Ends a ceremony still waiting (the autofill one, when the page is left another way). */
export const cancelPasskeySignIn = () => WebAuthnAbortService.cancelCeremony();
