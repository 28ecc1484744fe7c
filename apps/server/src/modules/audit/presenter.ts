import { API_PREFIX, type AuditEntry, type PagedAudit } from '@portal/contract';
import { pageQuery, presentPage } from '../../lib/paging';
import type { AuditRow } from './repository';
import type { AuditPage } from './service';

/** The only place an audit entry's wire shape is built. */
export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName },
  target_type: row.targetType,
  target_id: row.targetId,
  target_name: row.targetName,
  ip: row.ip,
  details: row.details,
});

/** The filters of a page, repeated in its links. */
function filterParams(query: AuditPage['query']): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['actor', 'target', 'action', 'from', 'to'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

export function presentAuditPage(page: AuditPage): PagedAudit {
  const query = pageQuery(page.query, page.perPage, filterParams(page.query));
  const paged = presentPage(
    { ...page, rows: page.rows.map(presentAuditEntry) },
    (n) => `${API_PREFIX}/audit-log?${query(n)}`,
  );
  return { ...paged, meta: { ...paged.meta, total_is_lower_bound: page.totalIsLowerBound } };
}

/** The audit log's CSV columns (who, what, whom, when, from where). */
export const auditCsvColumns: Array<{ header: string; value: (row: AuditRow) => unknown }> = [
  { header: 'id', value: (r) => r.id },
  { header: 'at', value: (r) => r.at.toISOString() },
  { header: 'action', value: (r) => r.action },
  { header: 'actor_id', value: (r) => r.actorId },
  { header: 'actor_name', value: (r) => r.actorName },
  { header: 'target_type', value: (r) => r.targetType },
  { header: 'target_id', value: (r) => r.targetId },
  { header: 'target_name', value: (r) => r.targetName },
  { header: 'ip', value: (r) => r.ip },
  { header: 'details', value: (r) => (r.details ? JSON.stringify(r.details) : null) },
];
