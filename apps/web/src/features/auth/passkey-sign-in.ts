import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Session } from '@portal/contract';
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
