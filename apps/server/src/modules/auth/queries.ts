import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, loginThrottle, sessions, users } from '../../db/schema';
import type { Executor } from '../../db/types';
import { userRecordColumns, type UserRecord } from '../users/queries';

// ---- sessions ---------------------------------------------------------------------------------

export type NewSession = typeof sessions.$inferInsert;
type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertSession(db: Executor, row: NewSession) {
  await db.insert(sessions).values(row);
}

/**
 * A new session and the audit row of the sign-in that opened it, in one statement (a data-modifying
 * CTE): the two commit together, and a sign-in costs one round trip and one commit instead of two.
 * Prepared once per database: every sign-in runs it.
 */
function buildSignInSessionInsert(db: Db) {
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
  return db
    .with(inserted)
    .insert(auditLog)
    .values({
      actorId: p('actorId'),
      action: p('action'),
      targetType: p('targetType'),
      targetId: p('targetId'),
      ip: p('auditIp'),
      details: sql`${p('details')}::jsonb`,
    })
    .prepare('auth_insert_session_with_audit');
}
const signInSessionInserts = new WeakMap<Db, ReturnType<typeof buildSignInSessionInsert>>();

export async function insertSessionWithAudit(db: Db, row: NewSession, audit: NewAuditRow) {
  let query = signInSessionInserts.get(db);
  if (!query) signInSessionInserts.set(db, (query = buildSignInSessionInsert(db)));
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
    auditIp: audit.ip ?? null,
    details: audit.details == null ? null : JSON.stringify(audit.details),
  });
}

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
function buildActiveSessionQuery(db: Db) {
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
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof buildActiveSessionQuery>>();

export async function findActiveSession(
  db: Db,
  accessHash: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  let query = activeSessionQueries.get(db);
  if (!query) activeSessionQueries.set(db, (query = buildActiveSessionQuery(db)));
  const [row] = await query.execute({ hash: accessHash, now: now.toISOString() });
  return row;
}

/** Marks a session used, but writes at most once per `everyMs` however many requests it serves. */
export async function touchSession(db: Executor, sessionId: string, now: Date, everyMs: number) {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, new Date(now.getTime() - everyMs))));
}

export async function findSessionByRefreshHash(db: Executor, refreshHash: string) {
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
}

/** Revokes one session if it is still live; false when another request got there first. */
export async function revokeSessionIfActive(db: Executor, id: string, reason: string, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user (blocked, deleted, password changed), optionally but one. */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  reason: string,
  now: Date,
  exceptSessionId?: string,
) {
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
}

export async function revokeFamily(db: Executor, familyId: string, reason: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

// ---- sign-in throttling -----------------------------------------------------------------------

/** Prepared once per database: every sign-in attempt reads the throttle first. */
function buildThrottleRowsQuery(db: Db) {
  return db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [sql.placeholder('account'), sql.placeholder('ip')]))
    .prepare('auth_throttle_rows');
}
const throttleRowsQueries = new WeakMap<Db, ReturnType<typeof buildThrottleRowsQuery>>();

/** The throttle rows of an account key and an IP key, locked or merely counting. */
export async function findThrottleRows(db: Db, keys: { account: string; ip: string }) {
  let query = throttleRowsQueries.get(db);
  if (!query) throttleRowsQueries.set(db, (query = buildThrottleRowsQuery(db)));
  return query.execute(keys);
}

/** Throttle rows of these keys that are locked at `now`. */
export async function findLocks(db: Executor, keys: string[], now: Date) {
  return db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
}

const ms = (value: number) => sql`(${value} * interval '1 millisecond')`;
/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one failure against an account, atomically (several instances share the row). Every
 * `failures`-th failure locks it for base × 2^(locks so far), capped, and starts a new count.
 * In ON CONFLICT … SET every `login_throttle.*` reference is the row as it was before the update.
 */
export async function recordAccountFailure(
  db: Executor,
  key: string,
  now: Date,
  rule: { failures: number; lockBaseMs: number; lockMaxMs: number },
) {
  const reachesLimit = sql`${loginThrottle.failures} + 1 >= ${rule.failures}`;
  const lockMs = sql`least(${rule.lockBaseMs}::float8 * power(2, ${loginThrottle.lockLevel}), ${rule.lockMaxMs})`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockLevel: 0, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        updatedAt: now,
        failures: sql`case when ${reachesLimit} then 0 else ${loginThrottle.failures} + 1 end`,
        lockLevel: sql`case when ${reachesLimit} then ${loginThrottle.lockLevel} + 1 else ${loginThrottle.lockLevel} end`,
        lockedUntil: sql`case when ${reachesLimit} then ${at(now)} + (${lockMs} * interval '1 millisecond')
          else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: loginThrottle.lockedUntil });
  return row;
}

/**
 * Counts one failure against an IP in a fixed window that starts at its first failure; the
 * `limit`-th failure locks the IP until that window ends.
 */
export async function recordIpFailure(
  db: Executor,
  key: string,
  now: Date,
  rule: { limit: number; windowMs: number },
) {
  const windowOver = sql`${loginThrottle.windowStartedAt} <= ${at(now)} - ${ms(rule.windowMs)}`;
  const failures = sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`;
  const windowStart = sql`case when ${windowOver} then ${at(now)} else ${loginThrottle.windowStartedAt} end`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: rule.limit <= 1 ? new Date(now.getTime() + rule.windowMs) : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        updatedAt: now,
        failures,
        windowStartedAt: windowStart,
        lockedUntil: sql`case when ${failures} >= ${rule.limit} then ${windowStart} + ${ms(rule.windowMs)} else null end`,
      },
    })
    .returning({ lockedUntil: loginThrottle.lockedUntil });
  return row;
}

export async function clearThrottle(db: Executor, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
