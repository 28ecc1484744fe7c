import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a relay token is good for; each relayed batch is answered with a fresh one. */
export const RELAY_TOKEN_TTL_MS = 15 * 60_000;

/**
 * The token a page carries to send its spans (decision 0024): `<expiry>.<mac>`, the MAC an
 * HMAC-SHA256 of the expiry and the client address under a key derived from APP_KEY for this use
 * only. Short-lived and bound to the address it was served to: a token read from one page cannot
 * feed the relay from elsewhere, nor for long. Stateless, so any instance checks any token.
 */
export function createRelayTokens(appKey: Buffer, now: () => Date) {
  const key = createHmac('sha256', appKey).update('portal browser-trace relay token').digest();
  const mac = (expiry: number, address: string) =>
    createHmac('sha256', key).update(`${expiry}|${address}`).digest('base64url');

  return {
    /** A token for pages served to `address`, good for RELAY_TOKEN_TTL_MS. */
    issue(address: string): string {
      const expiry = Math.floor((now().getTime() + RELAY_TOKEN_TTL_MS) / 1000);
      return `${expiry}.${mac(expiry, address)}`;
    },

    /** Whether `token` was issued to `address` and is still good. */
    verify(token: unknown, address: string): boolean {
      if (typeof token !== 'string') return false;
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return false;
      const expiry = Number(match[1]);
      const left = expiry * 1000 - now().getTime();
      if (left <= 0 || left > RELAY_TOKEN_TTL_MS + 1000) return false;
      const expected = Buffer.from(mac(expiry, address));
      const given = Buffer.from(match[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type RelayTokens = ReturnType<typeof createRelayTokens>;
