import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters, 256 bits (DESIGN.md "sessions"). */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** What the database stores instead of a token: a leaked table gives no usable token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Cheap shape check so junk never reaches the database. */
export const looksLikeOpaqueToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
