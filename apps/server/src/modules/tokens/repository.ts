import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { defineRepository, preparedPerDatabase } from '../../db/repository';
import { auditLog, sessions, users } from '../../db/schema';
import type { CarriedStatement, Executor } from '../../db/types';
import { userRecordColumns, type UserRecord } from '../directory';
import { userNameNow, type auditValues } from '../../lib/audit';

export type NewSession = typeof sessions.$inferInsert;
type NewAuditRow = ReturnType<typeof auditValues>;

/**
 * A new session and the audit row of the sign-in that opened it, in one statement (a data-modifying
 * CTE): the two commit together, and a sign-in costs one round trip and one commit instead of two.
 * Prepared once per database: every sign-in runs it.
 */
function buildSignInSessionInsert(db: Executor, carried?: CarriedStatement) {
  const p = (name: string) => sql.placeholder(name);
  const ts = (name: string) => sql`${p(name)}::timestamptz`;
  const inserted = db.$with('inserted_session').as(
    db
      .insert(sessions)
      .values({
        id: p('id'),
        userId: p('userId'),
        familyId: p('familyId'),
        accessTokenHash: p('accessTokenHash'),
        refreshTokenHash: p('refreshTokenHash'),
        accessExpiresAt: ts('accessExpiresAt'),
        refreshExpiresAt: ts('refreshExpiresAt'),
        ip: p('ip'),
        userAgent: p('userAgent'),
        createdAt: ts('createdAt'),
        lastUsedAt: ts('createdAt'),
      })
      .returning({ id: sessions.id }),
  );
  // A data-modifying WITH runs whether or not the statement reads it.
  const alongside = carried && db.$with('carried').as(carried.build(db));
  return db
    .with(inserted, ...(alongside ? [alongside] : []))
    .insert(auditLog)
    .values({
      actorId: p('actorId'),
      actorName: userNameNow(sql`${p('actorId')}::int`),
      action: p('action'),
      targetType: p('targetType'),
      targetId: p('targetId'),
      targetName: userNameNow(sql`${p('targetUserId')}::int`),
      ip: p('auditIp'),
      details: sql`${p('details')}::jsonb`,
    })
    .prepare(carried ? `auth_insert_session_with_audit_${carried.name}` : 'auth_insert_session_with_audit');
}
/** Per database, by the carried statement's name (none: ''; a carried one's key starts with '+'). */
const signInSessionInserts = preparedPerDatabase<ReturnType<typeof buildSignInSessionInsert>>();

export type ActiveSession = {
  sessionId: string;
  familyId: string;
  accessExpiresAt: Date;
  lastUsedAt: Date;
  user: UserRecord;
};

/**
 * The auth guard's one query: session + user + roles + meta in a single indexed round trip
 * (sessions_access_token_hash_key, then the users primary key). Prepared once per database so
 * PostgreSQL parses and plans it once per connection rather than on every request.
 */
function buildActiveSessionQuery(db: Executor) {
  return db
    .select({
      sessionId: sessions.id,
      familyId: sessions.familyId,
      accessExpiresAt: sessions.accessExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
      user: userRecordColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare('auth_active_session_by_access_hash');
}
const activeSessionQueries = new WeakMap<Executor, ReturnType<typeof buildActiveSessionQuery>>();

/** The sessions table: one row per token pair, rows of one sign-in share a refresh family. */
export const createSessionRepository = defineRepository((db: Executor) => ({
  async insert(row: NewSession) {
    await db.insert(sessions).values(row);
  },

  /** `carried`: another module's write committed with them, in the same statement (CarriedStatement). */
  async insertWithAudit(row: NewSession, audit: NewAuditRow, carried?: CarriedStatement) {
    const shape = carried ? `+${carried.name}` : '';
    const query = signInSessionInserts(db, shape, () => buildSignInSessionInsert(db, carried));
    // Timestamps as ISO text (cast in the SQL): pg and PGlite serialise a Date parameter differently.
    await query.execute({
      id: row.id,
      userId: row.userId,
      familyId: row.familyId,
      accessTokenHash: row.accessTokenHash,
      refreshTokenHash: row.refreshTokenHash,
      accessExpiresAt: row.accessExpiresAt.toISOString(),
      refreshExpiresAt: row.refreshExpiresAt.toISOString(),
      ip: row.ip ?? null,
      userAgent: row.userAgent ?? null,
      createdAt: (row.createdAt ?? new Date()).toISOString(),
      actorId: audit.actorId ?? null,
      action: audit.action,
      targetType: audit.targetType ?? null,
      targetId: audit.targetId ?? null,
      targetUserId: audit.targetUserId,
      auditIp: audit.ip ?? null,
      details: audit.details == null ? null : JSON.stringify(audit.details),
      ...carried?.values,
    });
  },

  async findActive(accessHash: string, now: Date): Promise<ActiveSession | undefined> {
    let query = activeSessionQueries.get(db);
    if (!query) activeSessionQueries.set(db, (query = buildActiveSessionQuery(db)));
    const [row] = await query.execute({ hash: accessHash, now: now.toISOString() });
    return row;
  },

  /** Marks a session used, but writes at most once per `everyMs` however many requests it serves. */
  async touch(sessionId: string, now: Date, everyMs: number) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, sessionId), lte(sessions.lastUsedAt, new Date(now.getTime() - everyMs))));
  },

  async findByRefreshHash(refreshHash: string) {
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        familyId: sessions.familyId,
        revokedAt: sessions.revokedAt,
        refreshExpiresAt: sessions.refreshExpiresAt,
        userBlockedAt: users.blockedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.refreshTokenHash, refreshHash));
    return row;
  },

  /** Revokes one session if it is still live; false when another request got there first. */
  async revokeIfActive(id: string, reason: string, now: Date) {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** Revokes every live session of a user (blocked, deleted, password changed), optionally but one. */
  async revokeAllOf(userId: number, reason: string, now: Date, exceptSessionId?: string) {
    await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      );
  },

  async revokeFamily(familyId: string, reason: string, now: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  },

  /**
   * The user's live sessions (not revoked, refresh token not expired): one row per sign-in, since a
   * refresh revokes the old row of its family. Signed-in time is the family's first row.
   */
  async listLive(userId: number, now: Date) {
    return db
      .select({
        id: sessions.id,
        familyId: sessions.familyId,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        lastUsedAt: sessions.lastUsedAt,
        signedInAt: sql<string>`(select min(s2.created_at) from sessions s2 where s2.family_id = ${sessions.familyId})`,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)))
      .orderBy(desc(sessions.lastUsedAt))
      .limit(100);
  },
}));

export type SessionRepository = ReturnType<typeof createSessionRepository>;
export type LiveSessionRow = Awaited<ReturnType<SessionRepository['listLive']>>[number];
