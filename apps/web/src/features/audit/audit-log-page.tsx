import { Alert } from '@mantine/core';
import { AUDIT_SORT_COLUMNS } from '@portal/contract';
import { ApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/routes';
import { PagedTableSection } from '../../shared/ui/data-table/paged-table-section';
import { ExportCsvButton } from '../../shared/ui/export-csv-button';
import { PageHeader } from '../../shared/ui/page-header';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { auditApiQuery, useAuditLog } from './api/get-audit-log';
import { AuditFilters } from './components/audit-filters';
import { AUDIT_COLUMNS } from './components/audit-columns';
import { useAuditParams } from './use-audit-params';

/**
 * Audit log (/admin/audit-log, issue 19): who did what to whom, when and from where; newest first,
 * filtered by actor, target, action prefix and dates, all in the URL (a user's "Activity" links here
 * with ?target=<id>). Beyond 10,000 matching entries the total reads "10,000+".
 */
export function AuditLogPage() {
  const [params, change] = useAuditParams();
  const entries = useAuditLog(params);
  const invalid = entries.error instanceof ApiError && entries.error.status === 422 ? entries.error : null;
  const { actor, target, action, from, to } = params;
  return (
    <>
      <PageHeader
        title="Audit log"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Audit log' }]}
        actions={
          <>
            <ExportCsvButton
              path={`audit-log/export?format=csv&${auditApiQuery(params, { withPage: false })}`}
              name="audit-log"
            />
            <RefreshButton query={entries} />
          </>
        }
      />
      {invalid && (
        <Alert color="red" mb="md" title="These filters cannot be used">
          {Object.values(invalid.fieldErrors).flat().join(' ') || invalid.message}
        </Alert>
      )}
      <PagedTableSection
        query={entries}
        params={{ ...params, search: '' }}
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
            onApply={(filters) => change(filters)}
          />
        }
      />
    </>
  );
}
