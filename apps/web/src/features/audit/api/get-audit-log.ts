import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedAuditSchema, type PagedAudit } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { auditKeys } from '../../../shared/api/query-keys';

/** The audit log screen's state, as the URL holds it (filters empty when not set). */
export type AuditParams = {
  page: number;
  paginate: number;
  sortColumn: 'at';
  sortDirection: 'asc' | 'desc';
  actor: string;
  target: string;
  action: string;
  from: string;
  to: string;
};
export const AUDIT_FILTERS = ['actor', 'target', 'action', 'from', 'to'] as const;

/** The API query of the screen's state; `withPage: false` for the export (every page). */
export function auditApiQuery(params: AuditParams, { withPage = true } = {}): string {
  const query = new URLSearchParams({ sortColumn: 'at', sortDirection: params.sortDirection });
  if (withPage) {
    query.set('paginate', String(params.paginate));
    query.set('page', String(params.page));
  }
  for (const key of AUDIT_FILTERS) if (params[key].trim() !== '') query.set(key, params[key].trim());
  return query.toString();
}

/** GET audit-log: a page of who did what to whom (admin). */
export async function getAuditLog(params: AuditParams, signal?: AbortSignal): Promise<PagedAudit> {
  return apiRequest(`audit-log?${auditApiQuery(params)}`, { schema: pagedAuditSchema, signal });
}

export const auditLogQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
    // A filter the server refuses (422) will not pass by retrying.
    retry: false,
  });

export const useAuditLog = (params: AuditParams) => useQuery(auditLogQueryOptions(params));
