/** Linked Live Dispatch and Tattle Systems accounts. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './core';

/**
 * A portal user's account on a linked app (LD or TS): at most one per app per user, and an external
 * account belongs to one portal user only. What the Profile shows (username, branch…) is kept in
 * the clear; what would let someone act as the user there (LD tokens, the TS session id) only
 * sealed with APP_KEY (lib/secret-box.ts), in `secrets`.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    app: text('app').notNull(),
    externalUserId: text('external_user_id').notNull(),
    username: text('username'),
    email: text('email'),
    name: text('name'),
    clientName: text('client_name'),
    branchName: text('branch_name'),
    /** Sealed JSON: LD `{accessToken, refreshToken, expiresAt}`, TS `{sessionId}`; null after a hand-off. */
    secrets: text('secrets'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.app] }),
    uniqueIndex('linked_accounts_app_external_user_key').on(t.app, t.externalUserId),
    check('linked_accounts_app_check', sql`${t.app} in ('ld', 'ts')`),
  ],
);
