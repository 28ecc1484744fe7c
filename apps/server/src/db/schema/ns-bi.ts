/** NS BI: BI accounts, report folders, clicks and report access. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './core';

/**
 * A portal user's account on the BI server (one each, named `portal-user-{id}`). Its password is
 * never kept: views open through log-on tokens the service account asks for. `syncedProjectId` is
 * the project the BI account was last told it may view; the user's `dundas_project_id` is the truth,
 * and a log-on token first brings the BI account in line with it.
 */
export const biAccounts = pgTable(
  'bi_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    syncedProjectId: text('synced_project_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bi_accounts_account_name_key').on(t.accountName)],
);

/** Portal-side groupings of BI items (docs/api.md "Report folders"): admins make them, everyone reads them. */
export const reportFolders = pgTable('report_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => reportFolders.id, { onDelete: 'cascade' }),
  ...timestamps,
});

/** Which portal folder a BI item (by its BI file id) is shown in; without a row, its BI folder. */
export const reportFolderItems = pgTable(
  'report_folder_items',
  {
    biFileId: text('bi_file_id').primaryKey(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => reportFolders.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_folder_items_folder_id_idx').on(t.folderId)],
);

/**
 * Clicks on NS BI and on reports (user-logs/increase-*): one row each, for the usage charts. The
 * user id is plain (no foreign key) so a deleted user's clicks still count in the totals.
 */
export const userClicks = pgTable(
  'user_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    reportId: text('report_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_clicks_kind_at_idx').on(t.kind, t.at),
    index('user_clicks_user_id_at_idx').on(t.userId, t.at),
    check('user_clicks_kind_check', sql`${t.kind} in ('nsbi', 'report')`),
  ],
);

// ---- report access ------------------------------------------------------------------

/**
 * Which of their project's BI items a user may see, once an admin has said so (Report access): a
 * user without a `report_access_lists` row sees every item of their project; with one, exactly the
 * granted items (plus those Tattle Systems manages, which are not the portal's to grant).
 */
export const reportAccessLists = pgTable('report_access_lists', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reportAccess = pgTable(
  'report_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => reportAccessLists.userId, { onDelete: 'cascade' }),
    biReportId: text('bi_report_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.biReportId] })],
);

/**
 * Daily roll-ups of user_clicks for the usage charts, kept by a trigger on user_clicks (migration
 * 0009): a chart over a year reads at most a few hundred thousand small rows, never the raw clicks.
 */
export const clickDailyTotals = pgTable(
  'click_daily_totals',
  {
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

export const clickDailyReports = pgTable(
  'click_daily_reports',
  {
    day: date('day').notNull(),
    reportId: text('report_id').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.reportId] })],
);

export const clickDailyUsers = pgTable(
  'click_daily_users',
  {
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
