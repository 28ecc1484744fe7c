import { sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { rateLimits } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** rate_limits: request counts per key in fixed windows, shared by every instance. */
export const createRateLimitRepository = defineRepository((db: Executor) => ({
  /**
   * Counts one request against `key` and answers the count in its window and when that window ends.
   * One statement (an upsert), so concurrent requests on any instance each get their own count: a
   * burst cannot all read "under the limit". A window that is over starts afresh at `now`.
   */
  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; windowEndsAt: Date }> {
    const ends = new Date(now.getTime() + windowMs);
    const over = sql`${rateLimits.windowEndsAt} <= ${at(now)}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, windowEndsAt: ends })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${over} then 1 else ${rateLimits.hits} + 1 end`,
          windowEndsAt: sql`case when ${over} then ${at(ends)} else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt });
    return row!;
  },
}));

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
