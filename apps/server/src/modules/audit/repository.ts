import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';
import { escapeLike } from '../../lib/like';

/** What the audit log screen filters by (already checked by the contract). */
export type AuditFilter = {
  actorId?: number;
  targetUserId?: number;
  /** The action's prefix: 'auth.login' matches 'auth.login.failed'. */
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

export type AuditRow = {
  id: number;
  at: Date;
  action: string;
  actorId: number | null;
  actorName: string | null;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
};

/** Where a keyset page of the export continues: after the row (at, id) in the list's order. */
export type AuditCursor = { at: string; id: number };

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
    filter.targetUserId === undefined
      ? undefined
      : and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(filter.targetUserId))),
    filter.action ? sql`${auditLog.action} like ${`${escapeLike(filter.action)}%`} escape '\\'` : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

/** audit_log, read by admins (written by lib/audit.ts from every module). */
export const createAuditRepository = defineRepository((db: Executor) => {
  const rows = (where: SQL | undefined, direction: 'asc' | 'desc', limit: number, offset = 0) => {
    const order =
      direction === 'asc'
        ? [sql`${auditLog.at} asc`, sql`${auditLog.id} asc`]
        : [sql`${auditLog.at} desc`, sql`${auditLog.id} desc`];
    return db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        /** The exact stored time (microseconds), for a keyset cursor a Date would round. */
        atText: sql<string>`${auditLog.at}::text`,
        action: auditLog.action,
        actorId: auditLog.actorId,
        // Names as they were when the row was written (lib/audit.ts), never today's.
        actorName: auditLog.actorName,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetName: auditLog.targetName,
        ip: auditLog.ip,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  };

  return {
    /**
     * One page, newest first unless asked otherwise, with the number of matching rows counted up
     * to `countCap` (+1 to know it was passed): an exact count of a broad filter reads most of a
     * million rows (150-230 ms in bench/audit-log.ts), a capped one stops early.
     */
    async page(
      filter: AuditFilter,
      direction: 'asc' | 'desc',
      limit: number,
      offset: number,
      countCap: number,
    ) {
      const where = whereOf(filter);
      const matching = db
        .select({ one: sql`1` })
        .from(auditLog)
        .where(where)
        .limit(countCap + 1)
        .as('matching');
      const [list, [count]] = await Promise.all([
        rows(where, direction, limit, offset),
        db.select({ total: sql<number>`count(*)::int` }).from(matching),
      ]);
      const total = count?.total ?? 0;
      return {
        rows: list as Array<AuditRow & { atText: string }>,
        total: Math.min(total, countCap),
        totalIsLowerBound: total > countCap,
      };
    },

    /** The next `limit` rows after `cursor` (keyset: constant cost however deep the export is). */
    async after(filter: AuditFilter, direction: 'asc' | 'desc', limit: number, cursor?: AuditCursor) {
      const seek = cursor
        ? direction === 'asc'
          ? sql`(${auditLog.at}, ${auditLog.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
          : sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
        : undefined;
      return (await rows(and(whereOf(filter), seek), direction, limit)) as Array<
        AuditRow & { atText: string }
      >;
    },
  };
});

export type AuditRepository = ReturnType<typeof createAuditRepository>;
