/** Account security: mail outbox, two-factor challenges, password reset links, realtime tickets. */
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

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
    /**
     * The last two digits of the phone the code was also texted to; null: email only. A sign-in
     * within the resend cooldown names it again (decision 0037).
     */
    smsPhoneEnding: text('sms_phone_ending'),
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
    /** The sign-in (session family) that asked for the ticket: its stream ends with it. */
    familyId: text('family_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('realtime_tickets_expires_at_idx').on(t.expiresAt)],
);
