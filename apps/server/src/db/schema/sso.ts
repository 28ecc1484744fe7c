/** Single sign-on (OIDC): identity providers, the identities linked to portal users, sign-in attempts. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { roles, users } from './core';

/**
 * An OpenID provider the portal trusts for the email domains it serves (docs/decisions/0043-single-sign-on.md).
 * The client secret is stored only sealed with APP_KEY (lib/secret-box.ts).
 */
export const ssoProviders = pgTable('sso_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed; null for a public client (PKCE alone). */
  clientSecret: text('client_secret'),
  /** Lower-case email domains; a domain is served by one provider only (checked by the service). */
  domains: text('domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  roleId: integer('role_id')
    .notNull()
    .references(() => roles.id),
  createUsers: boolean('create_users').notNull().default(false),
  ssoRequired: boolean('sso_required').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** A portal user's identity at a provider: the provider's `sub`, one portal user per identity. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** The email the provider gave at the last sign-in (for people reading the list). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_identities_provider_subject_key').on(t.providerId, t.subject),
    uniqueIndex('sso_identities_user_provider_key').on(t.userId, t.providerId),
  ],
);

/**
 * A started sign-in (Authorization Code with PKCE): kept in the database so that any instance can
 * finish it, single use (deleted when taken) and short-lived. Keyed by the SHA-256 of `state`; the
 * browser's binding secret is stored hashed too; the PKCE verifier and nonce sealed with APP_KEY.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    /** Sealed JSON `{ codeVerifier, nonce }`. */
    secrets: text('secrets').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_attempts_expires_at_idx').on(t.expiresAt)],
);
