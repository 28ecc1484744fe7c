import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, META_KEYS, TWO_FACTOR, TWO_FACTOR_MESSAGES } from '@portal/contract';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import type { ClientInfo } from '../../../lib/client-info';
import { AppError } from '../../../lib/errors';
import { newOpaqueToken, tokenHash } from '../../../lib/tokens';
import type { Mailer } from '../../../mail/mailer';
import { securityCodeMail } from '../../../mail/templates';
import type { ThrottleService } from '../../throttle';
import type { UserRecord } from '../../directory';
import type { ChallengeRepository } from './repository';
import type { CodeTexts } from './texts';

export type Challenge = { secret: string; message: string };

export type TwoFactorDeps = {
  db: Db;
  challenges: ChallengeRepository;
  mailer: Mailer;
  /** Texts the code to the user's primary phone too; absent: no SMS gateway (email only). */
  texts?: CodeTexts;
  appKey: Buffer;
  now: () => Date;
  /** The daily cap of codes per user (modules/throttle); absent in unit tests of the session machinery. */
  throttle?: Pick<ThrottleService, 'admitTwoFactor' | 'twoFactorPassed' | 'twoFactorFailed'>;
};

const metaValue = (user: UserRecord, key: string) => user.meta.find((m) => m.key === key)?.value ?? null;
export const twoFactorEnabled = (user: UserRecord) => metaValue(user, META_KEYS.twoFactor) === '1';

/**
 * Two-factor sign-in by mailed code, also texted to the primary phone when an SMS gateway is
 * configured (docs/api.md auth/login, two-fa/verify; decision 0037). A challenge is one sign-in
 * attempt: its `secret` (256 bits) and its 6-digit code are stored only hashed; the code lives
 * 10 minutes, works once, and dies after 5 tries. Signing in again within the cooldown answers a
 * new secret for the same code instead of sending another one.
 */
export function createTwoFactor(deps: TwoFactorDeps) {
  const { db, challenges } = deps;
  const codeHash = (challengeId: string, code: string) =>
    createHmac('sha256', deps.appKey).update(`${challengeId}:${code}`).digest();
  const audit = (
    action: string,
    user: { id: number },
    client: ClientInfo,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(db, { actorId: null, action, targetType: 'user', targetId: user.id, ip: client.ip, details });

  /** Checks a code against a challenge; the try is counted first. Throws 422 keyed by `field`. */
  async function check(challengeId: string | undefined, code: string, field: string, client: ClientInfo) {
    const invalid = () => AppError.validation({ [field]: [TWO_FACTOR_MESSAGES.invalidCode] });
    if (!challengeId) throw invalid();
    const at = deps.now();
    const row = await challenges.countAttempt(challengeId, at, TWO_FACTOR.maxWrongCodes);
    if (!row) throw invalid();
    // Each challenge allows 5 tries, but a signed-in password makes new challenges at will: the
    // user's wrong codes of the day are capped too (a code takes a slot before it is checked).
    const lock = await deps.throttle?.admitTwoFactor(row.userId, at);
    if (lock) {
      await audit('auth.two_factor.locked', { id: row.userId }, client);
      throw AppError.tooManyRequests(lock.retryAfterSeconds);
    }
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = codeHash(challengeId, code.trim());
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await deps.throttle?.twoFactorFailed(row.userId, deps.now());
      const dead = row.attempts >= TWO_FACTOR.maxWrongCodes;
      await audit(dead ? 'auth.two_factor.exhausted' : 'auth.two_factor.failed', { id: row.userId }, client, {
        attempts: row.attempts,
      });
      throw invalid();
    }
    // The right code either way: its slot is given back (only wrong codes count towards the cap).
    const consumed = await challenges.consume(challengeId, at);
    await deps.throttle?.twoFactorPassed(row.userId, deps.now());
    if (!consumed) throw invalid();
    await audit('auth.two_factor.passed', { id: row.userId }, client);
    return row.userId;
  }

  return {
    /**
     * Password verified, no code given: a challenge, and a code by mail (and text) unless one was
     * sent within the cooldown. The notice says where the code went.
     */
    async challenge(user: UserRecord, client: ClientInfo): Promise<Challenge> {
      const at = deps.now();
      const secret = newOpaqueToken();
      const live = await challenges.findLive(user.id, at, TWO_FACTOR.maxWrongCodes);
      if (live && at.getTime() - live.codeSentAt.getTime() < TWO_FACTOR.resendCooldownMs) {
        await challenges.setSecret(live.id, tokenHash(secret));
        await audit('auth.two_factor.resend_suppressed', user, client);
        const ending = live.smsPhoneEnding;
        return {
          secret,
          message: ending
            ? MESSAGES.securityCodeStillValidWithPhone(ending)
            : MESSAGES.securityCodeStillValid,
        };
      }
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** TWO_FACTOR.codeLength)).padStart(TWO_FACTOR.codeLength, '0');
      await challenges.replace(
        {
          id,
          userId: user.id,
          secretHash: tokenHash(secret),
          codeHash: codeHash(id, code).toString('hex'),
          codeSentAt: at,
          expiresAt: new Date(at.getTime() + TWO_FACTOR.codeTtlMs),
          createdAt: at,
        },
        at,
      );
      // Both at once: the text never delays the mail, and never fails (CodeTexts). The mail is the
      // path every user has, so a mail that cannot go still fails the attempt.
      const [mailed, texted] = await Promise.all([
        deps.mailer.send(securityCodeMail(user.email, code)).then(
          () => null,
          (cause: unknown) => ({ cause }),
        ),
        deps.texts?.send(user, code) ?? null,
      ]);
      if (mailed) throw new AppError(503, MESSAGES.serviceUnavailable, { retryAfterSeconds: 30, ...mailed });
      if (texted) await challenges.markTexted(id, texted.phoneEnding);
      await audit('auth.two_factor.challenged', user, client, { via: texted ? 'email+sms' : 'email' });
      return {
        secret,
        message: texted
          ? MESSAGES.securityCodeSentToEmailAndPhone(texted.phoneEnding)
          : MESSAGES.securityCodeSent,
      };
    },

    /** auth/login with `authKey`: the user's current challenge. 422 `errors.authKey` when wrong. */
    async verifyForUser(userId: number, code: string, client: ClientInfo): Promise<void> {
      const live = await challenges.findLive(userId, deps.now(), TWO_FACTOR.maxWrongCodes);
      await check(live?.id, code, 'authKey', client);
    },

    /** two-fa/verify: the challenge of a secret. Answers its user id; 422 `errors.code` when wrong. */
    async verifyBySecret(secret: string, code: string, client: ClientInfo): Promise<number> {
      const row = await challenges.findIdBySecret(tokenHash(secret));
      return check(row?.id, code, 'code', client);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
