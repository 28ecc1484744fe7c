import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { addPasskey, beginPasskeyRegistration } from './api/passkeys';

/**
 * Adding a passkey: options for this user, the browser's prompt, the named answer to the server.
 * Loaded with the WebAuthn library when the person asks for it (Profile's "Add a passkey").
 */
export async function registerPasskey(name: string) {
  const { attempt, options } = await beginPasskeyRegistration();
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  // Extension outputs are not read by the server (it asks for none).
  return addPasskey({ attempt, name, response: { ...response, clientExtensionResults: {} } });
}
