import { AUDIT_SORT_COLUMNS } from '@portal/contract';
import { routes } from '../../shared/routes';
import { PagedTableSection } from '../../shared/ui/data-table/paged-table-section';
import { ExportCsvButton } from '../../shared/ui/export-csv-button';
import { PageHeader } from '../../shared/ui/page-header';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { auditExportPath } from './api/export-audit-log';
import { useAuditLog } from './api/get-audit-log';
import { AuditFilters } from './components/audit-filters';
import { AUDIT_COLUMNS } from './components/audit-columns';
import { useAuditParams } from './use-audit-params';

/**
 * Audit log (/admin/audit-log): who did what to whom, when and from where; newest first, filtered
 * by actor, target, action prefix and dates, all in the URL (a user's "Activity" links here with
 * ?target=<id>). Beyond 10,000 matching entries the total reads "10,000+".
 */
export function AuditLogPage() {
  const [params, change] = useAuditParams();
  const entries = useAuditLog(params);
  const { actor, target, action, from, to } = params;

  return (
    <>
      <PageHeader
        title="Audit log"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Audit log' }]}
        actions={
          <>
            <ExportCsvButton path={auditExportPath(params)} name="audit-log" />
            <RefreshButton query={entries} />
          </>
        }
      />
      <PagedTableSection
        query={entries}
        params={params}
        onChange={change}
        sortColumns={AUDIT_SORT_COLUMNS}
        columns={AUDIT_COLUMNS}
        getRowId={(entry) => String(entry.id)}
        label="Audit log entries"
        toolbar={
          <AuditFilters
            // A new URL (a link, back/forward) starts the form again from it.
            key={[actor, target, action, from, to].join('|')}
            value={{ actor, target, action, from, to }}
            refused={entries.error}
            onApply={(filters) => change(filters)}
          />
        }
      />
    </>
  );
}
