import * as z from 'zod/mini';
import { text } from './rules';
import { pagedOf } from './envelope';

/** Two-factor sign-in (docs/api.md auth/login, two-fa/verify). */
export const TWO_FACTOR = {
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  maxWrongCodes: 5,
  /** A second sign-in within this time answers 202 again without mailing another code. */
  resendCooldownMs: 30_000,
} as const;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'The security code is invalid or has expired.',
  mailSubject: 'Your security code',
  /** The text message of a security code: one SMS segment (at most 160 GSM-7 characters). */
  smsBody: (product: string, code: string) =>
    `${product} security code: ${code}. It expires in ${TWO_FACTOR.codeTtlMs / 60_000} minutes. Do not share it.`,
} as const;

export const twoFactorVerifySchema = z.object({
  code: text().check(
    z.trim(),
    z.minLength(1, { error: 'Security code is a required field' }),
    z.maxLength(64),
  ),
  secret: text().check(z.minLength(1), z.maxLength(200)),
});
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifySchema>;

/** Realtime (docs/api.md "Realtime"). */
export const REALTIME = {
  loginEvent: 'LoginNotificationEvent',
  loginChannel: (userId: number) => `login-notification.${userId}`,
  ticketTtlMs: 60_000,
  heartbeatMs: 25_000,
  retryMs: 3_000,
  /** Streams one user may hold on an instance; a newer one ends the oldest. */
  maxStreamsPerUser: 5,
} as const;

export const broadcastingAuthSchema = z.object({
  channel_name: text().check(z.minLength(1), z.maxLength(200)),
});
export const broadcastingTicketSchema = z.object({ ticket: z.string() });
export const realtimeQuerySchema = z.object({ ticket: z.optional(text().check(z.maxLength(200))) });
export const loginNotificationSchema = z.object({ userId: z.number().check(z.int()), at: z.string() });
export type LoginNotification = z.infer<typeof loginNotificationSchema>;

/** The Profile page's 'Sessions' card (GET auth/sessions). */
export const activeSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  ip: z.nullable(z.string()),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsSchema = z.array(activeSessionSchema);
export const SESSION_MESSAGES = {
  othersRevoked: 'Other sessions were signed out.',
  /** The Profile's Sessions card against a server without GET auth/sessions (404). */
  listUnavailable: 'Sessions cannot be listed: the server does not offer this yet.',
  listFailed: (reason: string) => `Could not load your sessions: ${reason}`,
} as const;

/** A mail kept in the development outbox (GET mail/outbox, admin, not in production). */
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const pagedOutboxSchema = pagedOf(outboxMailSchema);
export const outboxQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  paginate: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});

/**
 * A text message the SMS gateway holds (GET sms/outbox, admin, not in production): what the SMS
 * simulator received, newest first (docs/integrations.md "SMS gateway").
 */
export const outboxSmsSchema = z.object({
  sid: z.string(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type OutboxSms = z.infer<typeof outboxSmsSchema>;
export const smsOutboxSchema = z.object({ data: z.array(outboxSmsSchema) });
export const SMS_OUTBOX_MESSAGES = {
  /** GET sms/outbox answered 404 outside production: the server has no SMS gateway. */
  noGateway:
    'No SMS gateway is configured (SMS_URL unset and the simulators off): security codes go by email only.',
} as const;

export const externalLoginQuerySchema = z.object({ token: z.optional(text().check(z.maxLength(2000))) });
