import * as z from 'zod/mini';
import { apiRequest } from '../../../shared/api/api-client';

/** POST user-logs/increase-report-clicks → 204: best effort, a lost count never bothers the user. */
export function countReportClick(reportId: string): void {
  void apiRequest(`user-logs/increase-report-clicks?report_id=${encodeURIComponent(reportId)}`, {
    method: 'POST',
    schema: z.null(),
    quiet: true,
  }).catch(() => undefined);
}
