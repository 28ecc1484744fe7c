import { AUDIT_COUNT_CAP, type AuditQuery } from '@portal/contract';
import { recordAudit } from '../../lib/audit';
import type { ExportOutcome } from '../../lib/csv';
import type { Executor } from '../../db/types';
import type { Actor } from '../directory';
import type { AuditCursor, AuditFilter, AuditRepository, AuditRow } from './repository';

export type AuditPage = {
  rows: AuditRow[];
  total: number;
  /** More rows match than were counted (AUDIT_COUNT_CAP): the pager shows "10,000+". */
  totalIsLowerBound: boolean;
  page: number;
  perPage: number;
  query: AuditQuery;
};

/** Rows an export reads per keyset page: small enough to keep memory flat, large enough to be quick. */
export const EXPORT_BATCH = 1000;

const DAY_MS = 86_400_000;
const isBareDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The contract's query as the repository's filter: a bare `to` date includes that whole day. */
export function auditFilterOf(
  query: Pick<AuditQuery, 'actor' | 'target' | 'action' | 'from' | 'to'>,
): AuditFilter {
  const to = query.to ? new Date(Date.parse(query.to) + (isBareDate(query.to) ? DAY_MS : 0)) : undefined;
  return {
    actorId: query.actor,
    targetUserId: query.target,
    action: query.action || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to,
  };
}

/** The audit log for admins (the guard of its routes lets only admins in). */
export function createAuditService(deps: { audit: AuditRepository; db: Executor }) {
  const { audit, db } = deps;

  /** The filters an admin read out with, as the audit row keeps them (no paging noise). */
  const filterOf = (query: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(query).filter(
        ([key, value]) =>
          value !== undefined && value !== '' && !['page', 'paginate', 'format'].includes(key),
      ),
    );

  return {
    /** A page of the log; reading the log is itself audited (who looked, with which filter, how much). */
    async list(query: AuditQuery, actor: Actor): Promise<AuditPage> {
      const offset = (query.page - 1) * query.paginate;
      const filter = auditFilterOf(query);
      const found = await audit.page(filter, query.sortDirection, query.paginate, offset, AUDIT_COUNT_CAP);
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'audit_log.read',
        ip: actor.ip,
        details: { filter: filterOf(query), page: query.page, rows: found.rows.length },
      });
      return { ...found, page: query.page, perPage: query.paginate, query };
    },

    /**
     * An export's audit row (users, NSBI, usage, the audit log itself): who, the filter, how many
     * rows went out and whether the download ran to its end. Written when it ended, so the count
     * is what left the server.
     */
    recordExport(
      actor: Actor,
      action: `${string}.exported`,
      query: Record<string, unknown>,
      outcome: ExportOutcome,
    ): Promise<void> {
      return recordAudit(db, {
        actorId: actor.userId,
        action,
        ip: actor.ip,
        details: { filter: filterOf(query), rows: outcome.rows, complete: outcome.complete },
      });
    },

    /** Every matching row in the list's order, read in keyset pages (constant memory). */
    async *exportRows(query: AuditQuery): AsyncGenerator<AuditRow> {
      const filter = auditFilterOf(query);
      let cursor: AuditCursor | undefined;
      for (;;) {
        const batch = await audit.after(filter, query.sortDirection, EXPORT_BATCH, cursor);
        yield* batch;
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1]!;
        cursor = { at: last.atText, id: last.id };
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
