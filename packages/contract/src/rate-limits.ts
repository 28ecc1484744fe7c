import { FORGOT_PASSWORD_LIMITS, PASSWORD_MESSAGES } from './passwords';

export const RATE_LIMIT_MESSAGES = {
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  tooManySignUps: 'Too many sign-ups from your network. Please try again later.',
} as const;

/** A request rate limit: at most `limit` requests per subject in a fixed window of `windowMs`. */
export type RateLimitRule = { name: string; limit: number; windowMs: number; message: string };

const MINUTE = 60_000;

/**
 * Request rate limits held across instances (429 with Retry-After and the rule's message), docs/api.md
 * "Rate limits". Generous for a person using the portal; what they stop is a script.
 */
export const RATE_LIMITS = {
  /** Usage clicks (NS BI card, reports opened), per user. */
  clicks: { name: 'clicks', limit: 60, windowMs: MINUTE, message: RATE_LIMIT_MESSAGES.tooManyRequests },
  /** `refresh=1` of the report tree: each re-reads the BI server, per user. */
  biRefresh: { name: 'bi-refresh', limit: 6, windowMs: MINUTE, message: RATE_LIMIT_MESSAGES.tooManyRequests },
  /** Realtime tickets (a stream each), per user. */
  realtimeTickets: {
    name: 'realtime-tickets',
    limit: 30,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
  /** Batches of browser spans relayed to the collector, per client address. */
  traceRelay: {
    name: 'trace-relay',
    limit: 60,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
  /** Forgot-password requests per client address, and per email. */
  forgotPasswordPerIp: {
    name: 'forgot-ip',
    limit: FORGOT_PASSWORD_LIMITS.perIp,
    windowMs: FORGOT_PASSWORD_LIMITS.windowMs,
    message: PASSWORD_MESSAGES.tooManyResetRequests,
  },
  forgotPasswordPerEmail: {
    name: 'forgot-email',
    limit: FORGOT_PASSWORD_LIMITS.perEmail,
    windowMs: FORGOT_PASSWORD_LIMITS.windowMs,
    message: PASSWORD_MESSAGES.tooManyResetRequests,
  },
  /** Passkey sign-ins begun, per client address (decision 0042). */
  passkeySignInOptions: {
    name: 'passkey-options',
    limit: 120,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
  /** Passkey sign-in answers, per client address (decision 0042). */
  passkeySignIn: {
    name: 'passkey-sign-in',
    limit: 60,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
  /** Sign-ups (outside production), per client address. */
  signUp: { name: 'sign-up', limit: 10, windowMs: 60 * MINUTE, message: RATE_LIMIT_MESSAGES.tooManySignUps },
  /**
   * Single sign-on, per client address: the sign-in page's domain lookups (debounced, and a whole
   * office may share one address), and started or finished sign-ins (each start stores an attempt).
   */
  ssoLookup: {
    name: 'sso-lookup',
    limit: 300,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
  ssoSignIn: {
    name: 'sso-sign-in',
    limit: 60,
    windowMs: MINUTE,
    message: RATE_LIMIT_MESSAGES.tooManyRequests,
  },
} as const satisfies Record<string, RateLimitRule>;
