import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AUDIT_FILTER_KEYS,
  AUDIT_SORT_COLUMNS,
  pagedAuditSchema,
  type AuditFilters,
  type AuditQuery,
  type PagedAudit,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { auditKeys } from '../../../shared/api/query-keys';
import { parseListParams, toApiQuery, type PagedListParams } from '../../../shared/ui/data-table/list-params';

/** The audit log screen's state, as the URL holds it: the shared list state and the filters. */
export type AuditParams = PagedListParams<AuditQuery['sortColumn']> & AuditFilters;

/** The audit log is newest first unless `sortDirection=asc` (the query's own default). */
export const AUDIT_DEFAULT_DIRECTION = 'desc';

/** The screen's state from its URL query; anything unusable falls back to its default. */
export const parseAuditParams = (query: URLSearchParams): AuditParams => ({
  ...parseListParams(query, AUDIT_SORT_COLUMNS, AUDIT_DEFAULT_DIRECTION),
  ...(Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, query.get(key) ?? ''])) as AuditFilters),
});

/** The filters that are set, trimmed (an empty one is no filter). */
export function setFilters(params: AuditFilters): Record<string, string> {
  const set: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) if (params[key].trim() !== '') set[key] = params[key].trim();
  return set;
}

/** GET audit-log: a page of who did what to whom (admin). */
export async function getAuditLog(params: AuditParams, signal?: AbortSignal): Promise<PagedAudit> {
  return apiRequest(`audit-log?${toApiQuery(params, setFilters(params))}`, {
    schema: pagedAuditSchema,
    signal,
  });
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
