/** Passkeys (WebAuthn credentials) and their ceremonies' challenges (docs/decisions/0042-passkeys.md). */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { users } from './core';

/** One passkey of a user: the public key and what the authenticator last said of itself. */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The signature counter last seen; an answer with a lower one is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    backupEligible: boolean('backup_eligible').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkey_credentials_credential_id_key').on(t.credentialId),
    index('passkey_credentials_user_id_idx').on(t.userId),
  ],
);

/**
 * A challenge of one ceremony, single use (taken by deleting it): registration ones are bound to
 * the signed-in user, sign-in ones to their id (the attempt the browser sends back).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_at_idx').on(t.expiresAt)],
);
