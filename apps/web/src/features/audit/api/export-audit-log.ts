import type { AuditParams } from './get-audit-log';
import { setFilters } from './get-audit-log';

/** GET audit-log/export: the route of the filtered log in its order, every page (for ExportCsvButton). */
export const auditExportPath = (params: AuditParams) =>
  `audit-log/export?${new URLSearchParams({
    format: 'csv',
    sortColumn: params.sortColumn,
    sortDirection: params.sortDirection,
    ...setFilters(params),
  }).toString()}`;
