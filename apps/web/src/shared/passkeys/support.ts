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
