import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { auditRow, type AuditEntry } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import type { UserRecord } from '../users/queries';
import type { SessionCache } from './session-cache';
import {
  findActiveSession,
  insertSession,
  insertSessionWithAudit,
  touchSession,
  type NewSession,
} from './queries';

export type TokenTtls = { accessTokenTtlMs: number; refreshTokenTtlMs: number };

/** A freshly issued token pair. The plain tokens exist only here and in the response. */
export type IssuedTokens = {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
};

export type AuthContext = { user: UserRecord; sessionId: string };

/** last_used_at is informational (session lists, clean-up): a write per minute per session is plenty. */
export const TOUCH_EVERY_MS = 60_000;

type SessionInput = { userId: number; familyId?: string; client: ClientInfo | null; now: Date };

/** A new session's row and the plain tokens that only the response will carry. */
function newSession(ttls: TokenTtls, input: SessionInput): { row: NewSession; tokens: IssuedTokens } {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const sessionId = randomUUID();
  const now = input.now.getTime();
  return {
    row: {
      id: sessionId,
      userId: input.userId,
      familyId: input.familyId ?? randomUUID(),
      accessTokenHash: tokenHash(accessToken),
      refreshTokenHash: tokenHash(refreshToken),
      accessExpiresAt: new Date(now + ttls.accessTokenTtlMs),
      refreshExpiresAt: new Date(now + ttls.refreshTokenTtlMs),
      ip: input.client?.ip ?? null,
      userAgent: input.client?.userAgent ?? null,
      createdAt: input.now,
      lastUsedAt: input.now,
    },
    tokens: {
      sessionId,
      accessToken,
      refreshToken,
      expiresInSeconds: Math.floor(ttls.accessTokenTtlMs / 1000),
    },
  };
}

/** Starts a session, or continues a refresh family when `familyId` is given. */
export async function issueTokens(db: Executor, ttls: TokenTtls, input: SessionInput): Promise<IssuedTokens> {
  const { row, tokens } = newSession(ttls, input);
  await insertSession(db, row);
  return tokens;
}

/** Starts a session with the audit row of the sign-in that opened it, written in the same statement. */
export async function issueSignInTokens(
  db: Db,
  ttls: TokenTtls,
  input: SessionInput & { audit: (sessionId: string) => AuditEntry },
): Promise<IssuedTokens> {
  const { row, tokens } = newSession(ttls, input);
  await insertSessionWithAudit(db, row, auditRow(input.audit(tokens.sessionId)));
  return tokens;
}

/** What sessions are looked up by; undefined for anything that cannot be one of our tokens. */
export const accessTokenHash = (accessToken: string) =>
  looksLikeOpaqueToken(accessToken) ? tokenHash(accessToken) : undefined;

/**
 * The session of an access token (by its hash) this instance remembers and need not touch yet: the
 * guard's synchronous path — no promise, no database — which a client calling more than once a
 * second (SESSION_CACHE_TTL_MS) mostly takes. undefined means "ask resolveAccessToken", not "refused".
 */
export function rememberedSession(
  cache: SessionCache,
  hash: string,
  at = Date.now(),
): AuthContext | undefined {
  const cached = cache.get(hash, at);
  return cached && at - cached.lastUsedAt < TOUCH_EVERY_MS ? cached.context : undefined;
}

/**
 * Resolves an access token (by its hash, see accessTokenHash) to its live session and user (not
 * revoked, not expired, user not blocked); undefined otherwise. One indexed query, skipped while the
 * session cache remembers the token, plus a last_used_at write at most once a minute.
 */
export async function resolveAccessToken(
  db: Db,
  cache: SessionCache,
  hash: string,
  now = new Date(),
): Promise<AuthContext | undefined> {
  const at = now.getTime();
  const cached = cache.get(hash, at);
  if (cached) {
    if (at - cached.lastUsedAt >= TOUCH_EVERY_MS) {
      cached.lastUsedAt = at;
      await touchSession(db, cached.context.sessionId, now, TOUCH_EVERY_MS);
    }
    return cached.context;
  }
  const session = await findActiveSession(db, hash, now);
  if (!session) return undefined;
  let lastUsedAt = session.lastUsedAt.getTime();
  if (at - lastUsedAt >= TOUCH_EVERY_MS) {
    lastUsedAt = at;
    await touchSession(db, session.sessionId, now, TOUCH_EVERY_MS);
  }
  const context = { user: session.user, sessionId: session.sessionId };
  cache.set(
    hash,
    { context, familyId: session.familyId, lastUsedAt, accessExpiresAt: session.accessExpiresAt.getTime() },
    at,
  );
  return context;
}
