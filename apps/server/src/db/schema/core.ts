/** The portal's own tables: users and their roles, meta and files, sessions, settings, the audit log and the sign-in throttle. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { bytea, timestamps } from './columns';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().unique(),
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
    /** The actor's name when the row was written: a later rename or deletion does not rewrite history. */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The target user's name when the row was written (target_type 'user' only). */
    targetName: text('target_name'),
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
 * Sign-in throttling state, shared by every instance (modules/throttle/service.ts names the keys:
 * an account at an address, an address, a trusted device, an account's day); rows exist for unknown
 * accounts too, so a lock-out reveals nothing.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockLevel: integer('lock_level').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /**
   * Attempts admitted and not yet judged: they hold a slot apart from `failures`, so a burst cannot
   * check more guesses than failures the key has left, and a right password costs no failure.
   */
  inFlight: integer('in_flight').notNull().default(0),
  /** Last attempt admitted or judged: housekeeping forgets a key that stayed quiet for a day. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
