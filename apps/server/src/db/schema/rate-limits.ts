/** Request rate limits shared by every instance (modules/rate-limits, decision 0024). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One fixed window per key (`<rule>:<subject>`, e.g. `clicks:user:42`, `relay:ip:203.0.113.7`): how
 * many requests it has counted, and when the window ends (the next request after it starts a new
 * one). Apart from login_throttle on purpose: the sign-in lock has its own rules and its own rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);
