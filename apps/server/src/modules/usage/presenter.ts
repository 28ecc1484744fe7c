import type { Usage } from '@portal/contract';
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
