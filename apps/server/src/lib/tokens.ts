import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters, 256 bits (docs/architecture.md "sessions"). */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/**
 * What the database stores instead of a token: a leaked table gives no usable token. The one-shot
 * `hash` rather than `createHash()…digest()`: every authenticated request hashes its token, and
 * the one-shot form skips building a Hash object (half the cost).
 */
export const tokenHash = (token: string) => hash('sha256', token, 'hex');

/** Cheap shape check so junk never reaches the database. */
export const looksLikeOpaqueToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
