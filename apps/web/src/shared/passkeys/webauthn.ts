import { PASSKEY_MESSAGES } from '@portal/contract';

/*
 * The browser side of passkeys (docs/decisions/0042-passkeys.md), without `@simplewebauthn/browser`:
 * the ceremonies that use it are modules of their features loaded by a dynamic import when one
 * starts (a click, or the first interaction with /login where the browser offers passkeys in
 * autofill), so the library is never part of /login's entry chunk.
 */

/** Whether this browser has WebAuthn at all (a secure context: https, or localhost). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

/** Whether it offers passkeys in a field's autofill (conditional mediation); asked natively, no download. */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (
    window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined
  )?.isConditionalMediationAvailable;
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}

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
