/**
 * Passkeys' numbers and sentences (docs/api.md "Passkeys", docs/decisions/0042-passkeys.md): apart
 * from the schemas, so /login's entry chunk, which says some of them, carries no schema it never uses.
 */
export const PASSKEYS = {
  /** A challenge is single use and dies after this long. */
  challengeTtlMs: 5 * 60_000,
  /** How long the browser may take (the ceremony's `timeout`). */
  ceremonyTimeoutMs: 2 * 60_000,
  maxPerUser: 20,
  nameMaxLength: 100,
} as const;

export const PASSKEY_MESSAGES = {
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  /** Any refused passkey sign-in: unknown or removed passkey, bad signature, wrong origin. */
  signInFailed: 'That passkey could not sign you in. Use another passkey or your password.',
  /** The challenge is unknown, used already, expired, or not this attempt's. */
  challengeExpired: 'The passkey request expired or was already used. Please try again.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  alreadyAdded: 'This passkey is already added to an account.',
  tooMany: `You can keep at most ${PASSKEYS.maxPerUser} passkeys. Remove one first.`,
  /** Web only: the browser has no WebAuthn, or the person cancelled. */
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey request was cancelled.',
  /** Web only: the page is open at an address the portal's passkeys do not belong to (an IP, another host). */
  wrongAddress: "Passkeys work only at the portal's own address. Open the portal there to use one.",
} as const;
