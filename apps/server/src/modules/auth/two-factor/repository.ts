import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { twoFactorChallenges } from '../../../db/schema';
import { defineRepository } from '../../../db/repository';
import type { Executor } from '../../../db/types';

export type NewChallenge = typeof twoFactorChallenges.$inferInsert;

const live = (now: Date, maxAttempts: number) =>
  and(
    isNull(twoFactorChallenges.consumedAt),
    gt(twoFactorChallenges.expiresAt, now),
    lt(twoFactorChallenges.attempts, maxAttempts),
  );

/** two_factor_challenges: one row per sign-in attempt that owes a code (mailed, and maybe texted). */
export const createChallengeRepository = defineRepository((db: Executor) => ({
  /** The user's newest challenge that can still be answered. */
  async findLive(userId: number, now: Date, maxAttempts: number) {
    const [row] = await db
      .select({
        id: twoFactorChallenges.id,
        codeSentAt: twoFactorChallenges.codeSentAt,
        smsPhoneEnding: twoFactorChallenges.smsPhoneEnding,
      })
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.userId, userId), live(now, maxAttempts)))
      .orderBy(desc(twoFactorChallenges.createdAt))
      .limit(1);
    return row;
  },

  async findIdBySecret(secretHash: string) {
    const [row] = await db
      .select({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.secretHash, secretHash));
    return row;
  },

  /** A new challenge replaces the user's earlier ones: only the newest code works. */
  async replace(row: NewChallenge & { id: string }, now: Date) {
    await db
      .update(twoFactorChallenges)
      .set({ consumedAt: now })
      .where(and(eq(twoFactorChallenges.userId, row.userId), isNull(twoFactorChallenges.consumedAt)));
    await db.insert(twoFactorChallenges).values(row);
  },

  /** The code also went by text, to the phone ending in these digits. */
  async markTexted(id: string, phoneEnding: string) {
    await db
      .update(twoFactorChallenges)
      .set({ smsPhoneEnding: phoneEnding })
      .where(eq(twoFactorChallenges.id, id));
  },

  /** A repeated sign-in within the resend cooldown: same code, a new secret for the new answer. */
  async setSecret(id: string, secretHash: string) {
    await db.update(twoFactorChallenges).set({ secretHash }).where(eq(twoFactorChallenges.id, id));
  },

  /**
   * Counts one try before the code is compared, atomically: parallel guesses cannot exceed the
   * limit. Answers the code hash when the challenge was still live, else undefined.
   */
  async countAttempt(id: string, now: Date, maxAttempts: number) {
    const [row] = await db
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(and(eq(twoFactorChallenges.id, id), live(now, maxAttempts)))
      .returning({
        userId: twoFactorChallenges.userId,
        codeHash: twoFactorChallenges.codeHash,
        attempts: twoFactorChallenges.attempts,
      });
    return row;
  },

  /** Single use: true only for the one request that consumes it. */
  async consume(id: string, now: Date) {
    const rows = await db
      .update(twoFactorChallenges)
      .set({ consumedAt: now })
      .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
      .returning({ id: twoFactorChallenges.id });
    return rows.length > 0;
  },
}));

export type ChallengeRepository = ReturnType<typeof createChallengeRepository>;
