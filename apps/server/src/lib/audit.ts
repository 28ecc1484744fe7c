import { sql, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../db/schema';
import type { Executor } from '../db/types';
import { currentClientIp } from './request-id';

export type AuditEntry = {
  /** Who acted; null for anonymous actions such as a failed sign-in. */
  actorId: number | null;
  /** Dotted verb, e.g. 'auth.login.failed', 'system_settings.saved', 'users.blocked'. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  /** The client's address; by default that of the request being served (none at start-up or in housekeeping). */
  ip?: string | null;
  /** Never a password, token or other secret. */
  details?: Record<string, unknown> | null;
};

/** The user id an entry is about, when it names a user (target_id is text: it names rows of several tables). */
export function targetUserIdOf(entry: Pick<AuditEntry, 'targetType' | 'targetId'>): number | null {
  const id = entry.targetId == null ? '' : String(entry.targetId);
  return entry.targetType === 'user' && /^[0-9]{1,9}$/.test(id) ? Number(id) : null;
}

/**
 * A user's name as the row is written, read in the same statement (and transaction): the audit
 * log shows who it was then, whatever the user is called, or whether they exist, later.
 */
export const userNameNow = (id: number | SQL | null): SQL | null =>
  id === null ? null : sql`(select ${users.name} from ${users} where ${users.id} = ${id})`;

/** An entry's plain values, its defaults applied (the IP of the request being served). */
export function auditValues(entry: AuditEntry) {
  return {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    targetUserId: targetUserIdOf(entry),
    ip: entry.ip ?? currentClientIp() ?? null,
    details: entry.details ?? null,
  };
}

/** The audit_log row of an entry (for statements that write it together with something else). */
export function auditRow(entry: AuditEntry) {
  const { targetUserId, ...values } = auditValues(entry);
  return { ...values, actorName: userNameNow(entry.actorId), targetName: userNameNow(targetUserId) };
}

/**
 * Appends one row to the audit trail (docs/architecture.md "Security baseline": admin actions and sign-ins).
 * Takes the db (or a transaction) so an admin change and its audit row commit together.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}
