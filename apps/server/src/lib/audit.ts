import { auditLog } from '../db/schema';
import type { Executor } from '../db/types';

export type AuditEntry = {
  /** Who acted; null for anonymous actions such as a failed sign-in. */
  actorId: number | null;
  /** Dotted verb, e.g. 'auth.login.failed', 'system_settings.saved', 'users.blocked'. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  ip?: string | null;
  /** Never a password, token or other secret. */
  details?: Record<string, unknown> | null;
};

/** The audit_log row of an entry (for statements that write it together with something else). */
export function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  };
}

/**
 * Appends one row to the audit trail (docs/architecture.md "Security baseline": admin actions and sign-ins).
 * Takes the db (or a transaction) so an admin change and its audit row commit together.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}
