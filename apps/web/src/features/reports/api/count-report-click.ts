import { apiRequest } from '../../../shared/api/api-client';

/** POST user-logs/increase-report-clicks: best effort, a lost count never bothers the user. */
export function countReportClick(reportId: string): void {
  void apiRequest(`user-logs/increase-report-clicks?report_id=${encodeURIComponent(reportId)}`, {
    method: 'POST',
    quiet: true,
  }).catch(() => undefined);
}
