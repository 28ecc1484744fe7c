import { randomUUID } from 'node:crypto';
import { v7 as uuidv7, validate, version } from 'uuid';
import type { Db } from '../../db/client';
import type { CarriedStatement, Tx } from '../../db/types';
import { auditValues, recordAudit, type AuditEntry } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import type { UserRecord } from '../directory';
import type { SessionCache, SessionMatch } from './cache';
import type { NewSession, SessionRepository } from './repository';

export type TokenTtls = {
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /** Absolute lifetime of a refresh family: after it the user signs in again, rotation or not. */
  refreshFamilyMaxMs: number;
};

/**
 * When a refresh family began. Families are UUIDv7, whose first 48 bits are the sign-in's time
 * (no extra column: decision 0020); null for older random (v4) ones.
 */
export function familyStartedAt(familyId: string): number | null {
  if (!validate(familyId) || version(familyId) !== 7) return null;
  return parseInt(familyId.replaceAll('-', '').slice(0, 12), 16);
}

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

export type SessionInput = {
  userId: number;
  /** Continues this family (rotation); absent: a new one (sign-in). */
  family?: { id: string; endsAt: number };
  client: ClientInfo;
  now: Date;
};

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
      familyId: input.family?.id ?? uuidv7({ msecs: now }),
      accessTokenHash: tokenHash(accessToken),
      refreshTokenHash: tokenHash(refreshToken),
      accessExpiresAt: new Date(now + ttls.accessTokenTtlMs),
      // Sliding with each rotation, but never past the family's end.
      refreshExpiresAt: new Date(
        Math.min(now + ttls.refreshTokenTtlMs, input.family?.endsAt ?? now + ttls.refreshFamilyMaxMs),
      ),
      ip: input.client.ip,
      userAgent: input.client.userAgent,
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

/** What sessions are looked up by; undefined for anything that cannot be one of our tokens. */
export const accessTokenHash = (accessToken: string) =>
  looksLikeOpaqueToken(accessToken) ? tokenHash(accessToken) : undefined;

export type TokenServiceDeps = {
  db: Db;
  sessions: SessionRepository;
  /** Told about every revocation so this instance stops honouring the token at once. */
  cache: SessionCache;
  ttls: TokenTtls;
  now: () => Date;
};

/**
 * Access and refresh tokens (docs/api.md "Sessions"): a session row per token pair, issued at sign-in,
 * resolved by the guard on every request, rotated by auth/refresh, revoked by sign-out, blocking,
 * password changes and 'Sign out other sessions'. Only hashes are stored.
 */
export function createTokenService(deps: TokenServiceDeps) {
  const { db, sessions, cache, ttls } = deps;

  return {
    /** Starts a session, or continues a refresh family when `familyId` is given. */
    async issue(input: SessionInput, tx?: Tx): Promise<IssuedTokens> {
      const { row, tokens } = newSession(ttls, input);
      await (tx ? sessions.in(tx) : sessions).insert(row);
      return tokens;
    },

    /**
     * Starts a session with the audit row of the sign-in that opened it, written in the same statement;
     * `carried`: another module's write that commits with them there (a sign-in's throttle settle).
     */
    async issueAtSignIn(
      input: SessionInput & { audit: (sessionId: string) => AuditEntry; carried?: CarriedStatement },
    ) {
      const { row, tokens } = newSession(ttls, input);
      await sessions.insertWithAudit(row, auditValues(input.audit(tokens.sessionId)), input.carried);
      return tokens;
    },

    /**
     * The session of an access token (by its hash) this instance remembers and need not touch yet: the
     * guard's synchronous path — no promise, no database — which a client calling more than once a
     * second (SESSION_CACHE_TTL_MS) mostly takes. undefined means "ask resolve", not "refused".
     */
    remembered(hash: string, at = Date.now()): AuthContext | undefined {
      const cached = cache.get(hash, at);
      return cached && at - cached.lastUsedAt < TOUCH_EVERY_MS ? cached.context : undefined;
    },

    /**
     * Resolves an access token (by its hash, see accessTokenHash) to its live session and user (not
     * revoked, not expired, user not blocked); undefined otherwise. One indexed query, skipped while the
     * session cache remembers the token, plus a last_used_at write at most once a minute.
     */
    async resolve(hash: string, now = new Date()): Promise<AuthContext | undefined> {
      const at = now.getTime();
      const cached = cache.get(hash, at);
      if (cached) {
        if (at - cached.lastUsedAt >= TOUCH_EVERY_MS) {
          cached.lastUsedAt = at;
          await sessions.touch(cached.context.sessionId, now, TOUCH_EVERY_MS);
        }
        return cached.context;
      }
      const session = await sessions.findActive(hash, now);
      if (!session) return undefined;
      let lastUsedAt = session.lastUsedAt.getTime();
      if (at - lastUsedAt >= TOUCH_EVERY_MS) {
        lastUsedAt = at;
        await sessions.touch(session.sessionId, now, TOUCH_EVERY_MS);
      }
      const context = { user: session.user, sessionId: session.sessionId };
      cache.set(
        hash,
        {
          context,
          familyId: session.familyId,
          lastUsedAt,
          accessExpiresAt: session.accessExpiresAt.getTime(),
        },
        at,
      );
      return context;
    },

    /**
     * auth/refresh: rotation. The presented row is revoked ('rotated') and a new one joins its family.
     * A refresh token that was already rotated or revoked means it leaked (or a client misbehaves):
     * the whole family is revoked, access tokens included. Throws 401 for anything but a live token.
     */
    async rotate(
      refreshToken: string,
      client: ClientInfo,
    ): Promise<{ tokens: IssuedTokens; userId: number }> {
      const at = deps.now();
      if (!looksLikeOpaqueToken(refreshToken)) throw AppError.unauthenticated();
      const session = await sessions.findByRefreshHash(tokenHash(refreshToken));
      if (!session) throw AppError.unauthenticated();

      const reuse = async () => {
        await sessions.revokeFamily(session.familyId, 'reuse', at);
        cache.forget({ familyId: session.familyId });
        await recordAudit(db, {
          actorId: null,
          action: 'auth.refresh.reused',
          targetType: 'user',
          targetId: session.userId,
          ip: client.ip,
          details: { familyId: session.familyId },
        });
        return AppError.unauthenticated();
      };
      if (session.revokedAt) throw await reuse();
      if (session.refreshExpiresAt <= at || session.userBlockedAt) throw AppError.unauthenticated();
      // A family older than REFRESH_FAMILY_MAX_DAYS ends; an older v4 one ends with its current token.
      const started = familyStartedAt(session.familyId);
      const familyEnd =
        started === null ? session.refreshExpiresAt.getTime() : started + ttls.refreshFamilyMaxMs;
      if (familyEnd <= at.getTime()) throw AppError.unauthenticated();

      const rotated = await db.transaction(async (tx) => {
        // Losing this race means another request rotated the same token a moment ago: reuse.
        if (!(await sessions.in(tx).revokeIfActive(session.id, 'rotated', at))) return null;
        const { row, tokens } = newSession(ttls, {
          userId: session.userId,
          family: { id: session.familyId, endsAt: familyEnd },
          client,
          now: at,
        });
        await sessions.in(tx).insert(row);
        return tokens;
      });
      if (!rotated) throw await reuse();
      cache.forget({ sessionId: session.id });
      return { tokens: rotated, userId: session.userId };
    },

    /** This session's tokens stop working at once (sign-out). */
    async revoke(sessionId: string, reason: string): Promise<void> {
      await sessions.revokeIfActive(sessionId, reason, deps.now());
      cache.forget({ sessionId });
    },

    /**
     * Every live session of the user ends (optionally but one), in the caller's transaction when
     * given. Call `forget` (or `forgetEverywhere`) for the user once that transaction committed.
     */
    async revokeAllOf(userId: number, reason: string, options: { except?: string; tx?: Tx; at?: Date } = {}) {
      const repository = options.tx ? sessions.in(options.tx) : sessions;
      await repository.revokeAllOf(userId, reason, options.at ?? deps.now(), options.except);
    },

    /** The user's live sessions, newest use first (the Profile 'Sessions' card). */
    listLive: (userId: number) => sessions.listLive(userId, deps.now()),

    /**
     * This instance (and, soon after, every other) stops trusting what it remembers of matching
     * sessions. Call after any write that changes what an AuthContext holds (roles, meta, logo,
     * links, blocked) or revokes sessions.
     */
    forget: (match: SessionMatch) => cache.forget(match),

    /** forget(), resolving once the other instances were told (before announcing a sign-in). */
    forgetEverywhere: (match: SessionMatch) => cache.forgetEverywhere(match),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
