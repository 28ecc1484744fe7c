import type { Usage } from '@portal/contract';
import type { Db } from '../../db/client';
import { clicksPerDay, topReports, topUsers } from './queries';

const TOP = 10;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * NS BI usage (issue 11): clicks per day, the most opened reports and the most active users over the
 * last `days` days (UTC), from the daily roll-ups. Report names come from the BI trees the portal
 * keeps (`reportName`); a report no kept tree knows shows by id.
 */
export function createUsageService(deps: {
  db: Db;
  now: () => Date;
  reportName: (id: string) => string | null;
}) {
  const { db, now } = deps;
  return {
    async clicks(days: number): Promise<Usage> {
      const to = now();
      const from = new Date(to.getTime() - (days - 1) * 86_400_000);
      const range = { from: iso(from), to: iso(to) };
      const [perDayRows, reports, people] = await Promise.all([
        clicksPerDay(db, range),
        topReports(db, range, TOP),
        topUsers(db, range, TOP),
      ]);
      const perDay = Array.from({ length: days }, (_, i) => ({
        day: iso(new Date(from.getTime() + i * 86_400_000)),
        nsbi: 0,
        report: 0,
      }));
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      for (const row of perDayRows) {
        const entry = byDay.get(row.day);
        if (entry && (row.kind === 'nsbi' || row.kind === 'report')) entry[row.kind] += row.clicks;
      }
      return {
        ...range,
        perDay,
        topReports: reports.map((r) => ({ ...r, name: deps.reportName(r.reportId) })),
        topUsers: people.map((p) => ({ userId: p.userId, name: p.name, email: p.email, clicks: p.clicks })),
        totals: {
          nsbi: perDay.reduce((sum, d) => sum + d.nsbi, 0),
          report: perDay.reduce((sum, d) => sum + d.report, 0),
        },
      };
    },
  };
}
