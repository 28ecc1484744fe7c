import { and, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auditLog,
  loginThrottle,
  mailOutbox,
  passkeyChallenges,
  passwordResetTokens,
  rateLimits,
  realtimeTickets,
  sessions,
  ssoAttempts,
  twoFactorChallenges,
} from '../../db/schema';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';

/** How long rows that nobody can use any more are kept before housekeeping deletes them. */
export const RETENTION = {
  /** A name or IP whose last failure is this old, and that is not locked, starts afresh. */
  throttleQuietMs: 24 * 60 * 60_000,
  /** The development outbox is for trying flows out, not an archive. */
  outboxMs: 30 * 24 * 60 * 60_000,
  /**
   * A dead session's row outlives its tokens by this much, so a replayed old refresh token still
   * raises the reuse alarm (auth.refresh.reused in the audit log) instead of a silent 401.
   */
  deadSessionMs: 30 * 24 * 60 * 60_000,
} as const;

export type PurgeCounts = Record<
  | 'sessions'
  | 'twoFactorChallenges'
  | 'passwordResetTokens'
  | 'realtimeTickets'
  | 'passkeyChallenges'
  | 'ssoAttempts'
  | 'loginThrottle'
  | 'rateLimits'
  | 'mailOutbox'
  | 'auditLog',
  number
>;

/** Audit rows deleted per run at most: a first run over years of rows stays a short statement. */
export const AUDIT_PURGE_BATCH = 10_000;

/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Deletes the rows of `table` matching `where`; answers how many (the same on pg and PGlite). */
async function purge(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const result = await db.execute(
    sql`with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * Every kind of row that expires, across the modules that own those tables: dead once its time is
 * up, and only clutter (and, for the hashed secrets, something to guess at) afterwards. One place
 * on purpose: what expires, and after how long, reads as one list. Audit rows go after
 * AUDIT_RETENTION_DAYS (`auditRetentionMs`), oldest first, at most AUDIT_PURGE_BATCH a run.
 */
export const createExpiryRepository = defineRepository((db: Executor) => ({
  purgeExpired: (now: Date, options: { auditRetentionMs: number }) => purgeExpired(db, now, options),
}));

export type ExpiryRepository = ReturnType<typeof createExpiryRepository>;

async function purgeExpired(
  db: Executor,
  now: Date,
  options: { auditRetentionMs: number },
): Promise<PurgeCounts> {
  const auditBefore = new Date(now.getTime() - options.auditRetentionMs);
  const quietSince = new Date(now.getTime() - RETENTION.throttleQuietMs);
  const deadSince = new Date(now.getTime() - RETENTION.deadSessionMs);
  return {
    // Both tokens expired long ago: nothing can use the row, and a replay is no longer worth an alarm.
    sessions: await purge(
      db,
      sessions,
      and(lt(sessions.refreshExpiresAt, at(deadSince)), lt(sessions.accessExpiresAt, at(deadSince))),
    ),
    twoFactorChallenges: await purge(db, twoFactorChallenges, lt(twoFactorChallenges.expiresAt, at(now))),
    passwordResetTokens: await purge(db, passwordResetTokens, lt(passwordResetTokens.expiresAt, at(now))),
    realtimeTickets: await purge(db, realtimeTickets, lt(realtimeTickets.expiresAt, at(now))),
    // Passkey ceremonies begun and never answered (docs/decisions/0042-passkeys.md).
    passkeyChallenges: await purge(db, passkeyChallenges, lt(passkeyChallenges.expiresAt, at(now))),
    ssoAttempts: await purge(db, ssoAttempts, lt(ssoAttempts.expiresAt, at(now))),
    // Rows a sign-in holds right now are skipped, not waited for: the sweep then never holds one
    // row while waiting for another, so it cannot deadlock with a sign-in taking several keys.
    loginThrottle: await purge(
      db,
      loginThrottle,
      sql`${loginThrottle.key} in (select ${loginThrottle.key} from ${loginThrottle} where ${and(
        lt(loginThrottle.updatedAt, at(quietSince)),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, at(now))),
      )} for update skip locked)`,
    ),
    // A window that has ended counts nothing any more (the next request starts a new one).
    rateLimits: await purge(db, rateLimits, lt(rateLimits.windowEndsAt, at(now))),
    mailOutbox: await purge(
      db,
      mailOutbox,
      lt(mailOutbox.createdAt, at(new Date(now.getTime() - RETENTION.outboxMs))),
    ),
    // audit_log_at_id_idx yields the oldest rows first.
    auditLog: await purge(
      db,
      auditLog,
      sql`${auditLog.id} in (select ${auditLog.id} from ${auditLog} where ${auditLog.at} < ${at(auditBefore)} order by ${auditLog.at} limit ${AUDIT_PURGE_BATCH})`,
    ),
  };
}
