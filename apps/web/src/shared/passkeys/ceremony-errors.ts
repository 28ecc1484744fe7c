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
  return error instanceof Error && error.message ? error.message : PASSKEY_MESSAGES.unsupported;
}
