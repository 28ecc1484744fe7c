import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pagedAuditSchema, type PagedAudit } from '@portal/contract';
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

/** The screen's state from its URL query; anything unusable falls back to its default. */
export function parseAuditParams(query: URLSearchParams): AuditParams {
  const page = Number(query.get('page'));
  const paginate = Number(query.get('paginate'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : DEFAULT_PAGE_SIZE,
    sortColumn: 'at',
    sortDirection: query.get('sortDirection') === 'asc' ? 'asc' : 'desc',
    actor: query.get('actor') ?? '',
    target: query.get('target') ?? '',
    action: query.get('action') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
  };
}

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
