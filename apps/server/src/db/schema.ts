import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().unique(),
});

/** PostgreSQL bytea. pg answers a Buffer, PGlite a Uint8Array: both become a Buffer (no copy). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Portal users. "Delete" removes the row (the email is free again); "Delete & Block" sets
 * blocked_at and keeps the row, so the email stays taken and sign-in is refused.
 *
 * Indexes for the admin list (GET users, see modules/users/list/README.md): the list shows active
 * or blocked users, so the sort indexes are partial on active users (the blocked list is short) and
 * end in id, which makes every order total and lets a page be read from the index alone; one
 * trigram GIN index (pg_trgm) on search_text serves the case-insensitive "contains" search.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The BI project the user is assigned to (the user form's project_id); null when none. */
    dundasProjectId: text('dundas_project_id'),
    /**
     * What the list search matches: lower(name, email, username, company_name meta) joined by a
     * control character. Written only by triggers (migration 0003), never by the application.
     */
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_active_id_idx')
      .on(t.id)
      .where(sql`${t.blockedAt} is null`),
    index('users_active_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.blockedAt} is null`),
    index('users_active_email_idx')
      .on(t.email, t.id)
      .where(sql`${t.blockedAt} is null`),
    index('users_active_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.blockedAt} is null`),
    index('users_blocked_id_idx')
      .on(t.id)
      .where(sql`${t.blockedAt} is not null`),
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userMeta = pgTable(
  'user_meta',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The NSBI users (Users NSBI Dashboards lists them): a small index of just those users.
    index('user_meta_nsbi_users_idx')
      .on(t.userId)
      .where(sql`${t.key} = 'settings.nsbi_enabled' and ${t.value} = '1'`),
  ],
);

/**
 * Uploaded files (today: one logo per user), bytes and thumbnail in the database so every instance
 * serves them. `key` is a random capability in the public URL: images are fetched by <img> without
 * a Bearer token, so knowing the URL is the permission. A new upload gets a new key (and id), so
 * the URLs can be cached forever.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    thumbnailEtag: text('thumbnail_etag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_key_key').on(t.key), uniqueIndex('files_user_type_key').on(t.userId, t.type)],
);

/**
 * One row per issued token pair. Tokens are opaque and stored only as SHA-256 hashes.
 * Refresh rotation: the old row is revoked with reason 'rotated' and a new row joins the same
 * family; presenting a rotated refresh token again revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_access_token_hash_key').on(t.accessTokenHash),
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_family_id_idx').on(t.familyId),
    // Housekeeping deletes sessions whose refresh token expired.
    index('sessions_refresh_expires_at_idx').on(t.refreshExpiresAt),
  ],
);

/**
 * One row (id 1) whose version a statement trigger on users bumps on every change (migration 0003).
 * The users list reads it in the same statement as a page, so a remembered total is reused only
 * while no user was written since — exact, and coherent across instances.
 */
export const usersListVersion = pgTable('users_list_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what to whom, and when. actor/target are plain ids so deleting a user keeps the trail. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  // The audit log screen pages newest first by (at, id), filtered by actor, by target or by the
  // action's prefix: each filter has an index that yields its rows already in that order
  // (docs/decisions/0022-admin-tools.md; bench/audit-log.ts at 1,000,000 rows).
  (t) => [
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_target_at_idx').on(t.targetType, t.targetId, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action.op('text_pattern_ops'), t.at, t.id),
  ],
);

/**
 * Sign-in throttling state, shared by every instance. key is 'account:<lower(username)>' or
 * 'ip:<address>'; rows exist for unknown accounts too, so a lock-out reveals nothing.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockLevel: integer('lock_level').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Last failure counted: housekeeping forgets a name or IP that stayed quiet for a day. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- account security (issue 4) ---------------------------------------------------------------

/** Mail kept instead of sent when no SMTP_URL is configured (development): admins read it outside production. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

/**
 * One two-factor sign-in attempt: the 202's `secret` and the mailed code, both stored only as
 * hashes. Dead once consumed, expired, or after the allowed number of wrong codes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_secret_hash_key').on(t.secretHash),
    index('two_factor_challenges_user_id_idx').on(t.userId),
  ],
);

/** Password reset links: the token only as a hash, bound to the email it was sent to; single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Single-use tickets for GET realtime (EventSource cannot send a Bearer header); any instance redeems. */
export const realtimeTickets = pgTable(
  'realtime_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('realtime_tickets_expires_at_idx').on(t.expiresAt)],
);

// ---- linked apps (issue 9) --------------------------------------------------------------------

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

// ---- NS BI (issue 10) -------------------------------------------------------------------------

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

// ---- report access (issue 11) ------------------------------------------------------------------

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
