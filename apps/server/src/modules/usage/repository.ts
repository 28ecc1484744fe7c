import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { clickDailyReports, clickDailyTotals, clickDailyUsers, userClicks, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Days as 'YYYY-MM-DD' (UTC), inclusive: what the roll-ups are keyed by. */
export type DayRange = { from: string; to: string };

/**
 * user_clicks (a row per click) and its daily roll-ups (click_daily_*, kept by a trigger): what the
 * usage charts read instead of the raw rows.
 */
export const createClickRepository = defineRepository((db: Executor) => ({
  /** One click: on the NS BI card (`nsbi`) or on a report (`report`, with its BI id). */
  async record(click: { userId: number; kind: 'nsbi' | 'report'; reportId?: string; at: Date }) {
    await db
      .insert(userClicks)
      .values({ userId: click.userId, kind: click.kind, reportId: click.reportId ?? null, at: click.at });
  },

  async perDay(range: DayRange) {
    return db
      .select({
        day: sql<string>`to_char(${clickDailyTotals.day}, 'YYYY-MM-DD')`,
        kind: clickDailyTotals.kind,
        clicks: clickDailyTotals.clicks,
      })
      .from(clickDailyTotals)
      .where(and(gte(clickDailyTotals.day, range.from), lte(clickDailyTotals.day, range.to)));
  },

  async topReports(range: DayRange, limit: number) {
    const clicks = sql<number>`sum(${clickDailyReports.clicks})`.mapWith(Number);
    return db
      .select({ reportId: clickDailyReports.reportId, clicks })
      .from(clickDailyReports)
      .where(and(gte(clickDailyReports.day, range.from), lte(clickDailyReports.day, range.to)))
      .groupBy(clickDailyReports.reportId)
      .orderBy(desc(clicks), clickDailyReports.reportId)
      .limit(limit);
  },

  /** The users with most clicks; a deleted user keeps their clicks, without a name. */
  async topUsers(range: DayRange, limit: number) {
    const clicks = sql<number>`sum(${clickDailyUsers.clicks})`.mapWith(Number);
    const top = db
      .select({ userId: clickDailyUsers.userId, clicks: clicks.as('clicks') })
      .from(clickDailyUsers)
      .where(and(gte(clickDailyUsers.day, range.from), lte(clickDailyUsers.day, range.to)))
      .groupBy(clickDailyUsers.userId)
      .orderBy(desc(clicks), clickDailyUsers.userId)
      .limit(limit)
      .as('top');
    return db
      .select({ userId: top.userId, clicks: top.clicks, name: users.name, email: users.email })
      .from(top)
      .leftJoin(users, eq(users.id, top.userId))
      .orderBy(desc(top.clicks), top.userId);
  },
}));

export type ClickRepository = ReturnType<typeof createClickRepository>;
