import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD_MESSAGES,
  RATE_LIMITS,
  RESET_TOKEN_TTL_MS,
  type PasswordResetRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordChangedMail, passwordResetMail } from '../../mail/templates';
import type { RateLimitService } from '../rate-limits';
import type { TokenService } from '../tokens';
import type { UserRepository } from '../directory';
import type { ResetTokenRepository } from './repository';
import type { ThrottleService } from '../throttle';

/**
 * Every forgot-password answer takes at least this long, whether a link was made or not, so the
 * time says nothing about the email (the mail itself is sent in the background).
 */
export const FORGOT_MIN_DURATION_MS = 250;

export type PasswordServiceDeps = {
  db: Db;
  users: UserRepository;
  resetTokens: ResetTokenRepository;
  tokens: TokenService;
  rateLimits: Pick<RateLimitService, 'take'>;
  mailer: Mailer;
  /** A reset lifts the sign-in locks standing against the account. */
  throttle: Pick<ThrottleService, 'clearAccount'>;
  appUrl: string;
  now: () => Date;
};

export function createPasswordService(deps: PasswordServiceDeps) {
  const { db, users, resetTokens, tokens, mailer } = deps;
  const audit = (
    action: string,
    targetId: number | null,
    client: ClientInfo,
    details?: Record<string, unknown>,
  ) => recordAudit(db, { actorId: null, action, targetType: 'user', targetId, ip: client.ip, details });

  /**
   * Rate limits per IP, then per email, in fixed windows shared by every instance (modules/rate-limits).
   * The address first: a client past its own limit does not use up the email's.
   */
  async function limit(email: string, client: ClientInfo) {
    try {
      await deps.rateLimits.take(RATE_LIMITS.forgotPasswordPerIp, `ip:${client.ip}`);
      await deps.rateLimits.take(RATE_LIMITS.forgotPasswordPerEmail, `email:${email.trim().toLowerCase()}`);
    } catch (error) {
      if (error instanceof AppError && error.status === 429)
        await audit('passwords.forgot.throttled', null, client);
      throw error;
    }
  }

  return {
    /** POST passwords/forgot: the same answer, status and (about) time for every email. */
    async forgot(email: string, client: ClientInfo): Promise<void> {
      const started = performance.now();
      const at = deps.now();
      await limit(email, client);
      const user = await users.findByEmail(email);
      if (user && !user.blockedAt) {
        const token = newOpaqueToken();
        await resetTokens.insert({
          tokenHash: tokenHash(token),
          userId: user.id,
          email: user.email.toLowerCase(),
          expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
          createdAt: at,
        });
        const url = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        mailer.sendLater(passwordResetMail(user.email, url, RESET_TOKEN_TTL_MS / 60_000));
      }
      await audit('passwords.forgot', user?.id ?? null, client, {
        outcome: !user ? 'unknown_email' : user.blockedAt ? 'blocked' : 'mailed',
      });
      const left = FORGOT_MIN_DURATION_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
    },

    /** POST passwords/reset: a new password by a link; every session of the user ends. */
    async reset(body: PasswordResetRequest, client: ClientInfo): Promise<void> {
      const at = deps.now();
      const invalid = () => AppError.validation({ email: [PASSWORD_MESSAGES.invalidResetToken] });
      const hash = looksLikeOpaqueToken(body.token) ? tokenHash(body.token) : null;
      const row = hash ? await resetTokens.find(hash) : undefined;
      const problem = !row
        ? 'unknown_token'
        : row.usedAt
          ? 'used'
          : row.expiresAt <= at
            ? 'expired'
            : row.userBlockedAt
              ? 'blocked'
              : row.email !== body.email.trim().toLowerCase()
                ? 'wrong_email'
                : null;
      if (problem || !row || !hash) {
        await audit('passwords.reset.failed', row?.userId ?? null, client, { reason: problem });
        throw invalid();
      }
      const passwordHash = await hashPassword(body.password);
      const done = await db.transaction(async (tx) => {
        if (!(await resetTokens.in(tx).use(hash, row.userId, at))) return false;
        await users.in(tx).setPasswordHash(row.userId, passwordHash);
        await tokens.revokeAllOf(row.userId, 'password_reset', { tx, at });
        return true;
      });
      if (!done) throw invalid();
      await tokens.forgetEverywhere({ userId: row.userId });
      await deps.throttle.clearAccount(row.userId, at);
      await audit('passwords.reset', row.userId, client);
      mailer.sendLater(passwordChangedMail(row.userEmail));
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
