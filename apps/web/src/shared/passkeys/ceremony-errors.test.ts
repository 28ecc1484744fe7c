import { describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES } from '@portal/contract';
import { ceremonyErrorMessage } from './ceremony-errors';

/** An error as @simplewebauthn/browser throws it: a name, a message and its own code. */
const webAuthnError = (name: string, code: string, message: string) =>
  Object.assign(new Error(message), { name, code });

describe('what a failed passkey ceremony says', () => {
  it('sends a person on a wrong address (an IP, another host) to the portal’s own address', () => {
    const ip = webAuthnError('SecurityError', 'ERROR_INVALID_DOMAIN', '127.0.0.1 is an invalid domain');
    const host = webAuthnError('SecurityError', 'ERROR_INVALID_RP_ID', 'The RP ID "localhost" is invalid');
    expect(ceremonyErrorMessage(ip)).toBe(PASSKEY_MESSAGES.wrongAddress);
    expect(ceremonyErrorMessage(host)).toBe(PASSKEY_MESSAGES.wrongAddress);
  });

  it('says a closed prompt was cancelled, a known authenticator is added already, anything else as it is', () => {
    expect(ceremonyErrorMessage(webAuthnError('NotAllowedError', 'ERROR_PASSTHROUGH', 'x'))).toBe(
      PASSKEY_MESSAGES.cancelled,
    );
    expect(
      ceremonyErrorMessage(
        webAuthnError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'x'),
      ),
    ).toBe(PASSKEY_MESSAGES.alreadyAdded);
    expect(ceremonyErrorMessage(new Error('The authenticator broke.'))).toBe('The authenticator broke.');
    expect(ceremonyErrorMessage('not an error')).toBe(PASSKEY_MESSAGES.unsupported);
  });
});
