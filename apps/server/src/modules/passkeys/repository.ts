import { and, asc, count, eq, lt, or, sql } from 'drizzle-orm';
import { passkeyChallenges, passkeyCredentials } from '../../db/schema';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';

export type PasskeyRecord = typeof passkeyCredentials.$inferSelect;
export type NewPasskey = typeof passkeyCredentials.$inferInsert;
export type ChallengePurpose = 'registration' | 'authentication';

/** passkey_credentials: a user's passkeys. */
export const createPasskeyRepository = defineRepository((db: Executor) => ({
  async listOf(userId: number): Promise<PasskeyRecord[]> {
    return db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId))
      .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
  },

  async countOf(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId));
    return row?.n ?? 0;
  },

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, credentialId));
    return row;
  },

  /** The new passkey, or undefined when its credential id is taken already. */
  async insert(row: NewPasskey): Promise<PasskeyRecord | undefined> {
    const [created] = await db
      .insert(passkeyCredentials)
      .values(row)
      .onConflictDoNothing({ target: passkeyCredentials.credentialId })
      .returning();
    return created;
  },

  async rename(userId: number, id: number, name: string): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .update(passkeyCredentials)
      .set({ name })
      .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
      .returning();
    return row;
  },

  async remove(userId: number, id: number): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
      .returning();
    return row;
  },

  /**
   * A verified sign-in: the new counter, flags and last use, only while the stored counter is
   * still below the new one (or both are 0: an authenticator without a counter). Two answers with
   * one counter racing on two instances: one wins, the other gets undefined and is refused.
   */
  async recordUse(
    id: number,
    use: { counter: number; backedUp: boolean; at: Date },
  ): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .update(passkeyCredentials)
      .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
      .where(
        and(
          eq(passkeyCredentials.id, id),
          or(
            lt(passkeyCredentials.counter, use.counter),
            and(eq(passkeyCredentials.counter, 0), sql`${use.counter} = 0`),
          ),
        ),
      )
      .returning();
    return row;
  },
}));

/** passkey_challenges: one row per ceremony begun; taken (deleted) by its answer. */
export const createPasskeyChallengeRepository = defineRepository((db: Executor) => ({
  async create(row: {
    purpose: ChallengePurpose;
    userId: number | null;
    challenge: string;
    expiresAt: Date;
  }): Promise<string> {
    const [created] = await db.insert(passkeyChallenges).values(row).returning({ id: passkeyChallenges.id });
    return created!.id;
  },

  /**
   * Takes the challenge of an attempt: deleted whatever happens next, so it answers once. Only
   * one of that purpose and (registration) that user, and not expired.
   */
  async take(
    id: string,
    purpose: ChallengePurpose,
    userId: number | null,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.id, id),
          eq(passkeyChallenges.purpose, purpose),
          userId === null ? sql`${passkeyChallenges.userId} is null` : eq(passkeyChallenges.userId, userId),
        ),
      )
      .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
    return row && row.expiresAt > now ? row.challenge : undefined;
  },
}));

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;
export type PasskeyChallengeRepository = ReturnType<typeof createPasskeyChallengeRepository>;
