import type { Usage, UsageTable } from '@portal/contract';
import type { CsvColumn } from '../../lib/csv';
import type { UsageCounts } from './service';

/** GET usage/clicks: the three charts' data and the range's totals. */
export const presentUsage = (counts: UsageCounts): Usage => ({
  ...counts.range,
  perDay: counts.perDay,
  topReports: counts.topReports,
  topUsers: counts.topUsers.map((p) => ({
    userId: p.userId,
    name: p.name,
    email: p.email,
    clicks: p.clicks,
  })),
  totals: {
    nsbi: counts.perDay.reduce((sum, d) => sum + d.nsbi, 0),
    report: counts.perDay.reduce((sum, d) => sum + d.report, 0),
  },
});

type Csv<Row> = { rows: Row[]; columns: Array<CsvColumn<Row>> };

/** One table of the usage screen as CSV rows and columns (GET usage/export?table=). */
export function usageTableCsv(counts: UsageCounts, table: UsageTable): Csv<unknown> {
  const usage = presentUsage(counts);
  const tables = {
    'per-day': {
      rows: usage.perDay,
      columns: [
        { header: 'day', value: (d) => d.day },
        { header: 'nsbi_clicks', value: (d) => d.nsbi },
        { header: 'report_clicks', value: (d) => d.report },
      ],
    } satisfies Csv<Usage['perDay'][number]>,
    'top-reports': {
      rows: usage.topReports,
      columns: [
        { header: 'report_id', value: (r) => r.reportId },
        { header: 'name', value: (r) => r.name },
        { header: 'clicks', value: (r) => r.clicks },
      ],
    } satisfies Csv<Usage['topReports'][number]>,
    'top-users': {
      rows: usage.topUsers,
      columns: [
        { header: 'user_id', value: (u) => u.userId },
        { header: 'name', value: (u) => u.name },
        { header: 'email', value: (u) => u.email },
        { header: 'clicks', value: (u) => u.clicks },
      ],
    } satisfies Csv<Usage['topUsers'][number]>,
  };
  return tables[table] as Csv<unknown>;
}
