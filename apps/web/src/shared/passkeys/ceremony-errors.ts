import { PASSKEY_MESSAGES } from '@portal/contract';

/* What a passkey ceremony's browser-side failures say (docs/decisions/0042-passkeys.md). */

/** The person closed the browser's prompt, or a newer ceremony replaced this one: nothing to say. */
export const isCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/** A browser-side failure of a ceremony as a sentence (server answers keep their own message). */
export function ceremonyErrorMessage(error: unknown): string {
  if (isCancelled(error)) return PASSKEY_MESSAGES.cancelled;
  if (error instanceof Error && error.name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyAdded;
  // @simplewebauthn/browser's codes when the page's host cannot hold the relying party's passkeys
  // (an IP address, or a host other than APP_URL's): its own message names the host, not the remedy.
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return PASSKEY_MESSAGES.wrongAddress;
  return error instanceof Error && error.message ? error.message : PASSKEY_MESSAGES.unsupported;
}
