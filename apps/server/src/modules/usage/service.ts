import { AppError } from '../../lib/errors';
import type { Actor } from '../directory';
import type { ClickRepository } from './repository';

const TOP = 10;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * NS BI usage: clicks are counted as they happen (docs/product.md §7 "user-logs"); the charts show
 * clicks per day, the most opened reports and the most active users over the last `days` days
 * (UTC), from the daily roll-ups. Report names come from the BI trees the portal keeps
 * (`reportName`); a report no kept tree knows shows by id.
 */
export function createUsageService(deps: {
  clicks: ClickRepository;
  now: () => Date;
  reportName: (id: string) => string | null;
  /** Whether the user sees the item (bi module): a click on anything else is not counted. */
  sees: (actor: Actor, reportId: string) => Promise<boolean>;
}) {
  const { clicks, now } = deps;
  return {
    /** A click on the NS BI card. */
    countNsbiClick: (userId: number) => clicks.record({ userId, kind: 'nsbi', at: now() }),

    /**
     * A report or dashboard opened: only one the user sees (404 otherwise), so a made-up id cannot
     * become a "top report" of the usage charts.
     */
    async countReportClick(actor: Actor, reportId: string) {
      if (!(await deps.sees(actor, reportId))) throw AppError.notFound();
      await clicks.record({ userId: actor.userId, kind: 'report', reportId, at: now() });
    },

    async clicks(days: number) {
      const to = now();
      const from = new Date(to.getTime() - (days - 1) * 86_400_000);
      const range = { from: iso(from), to: iso(to) };
      const [perDayRows, reports, people] = await Promise.all([
        clicks.perDay(range),
        clicks.topReports(range, TOP),
        clicks.topUsers(range, TOP),
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
        range,
        perDay,
        topReports: reports.map((r) => ({ ...r, name: deps.reportName(r.reportId) })),
        topUsers: people,
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
export type UsageCounts = Awaited<ReturnType<UsageService['clicks']>>;
