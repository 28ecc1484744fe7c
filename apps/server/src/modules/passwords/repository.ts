import { and, eq, isNull } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { passwordResetTokens, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** password_reset_tokens: one row per mailed reset link, stored by the hash of its token. */
export const createResetTokenRepository = defineRepository((db: Executor) => ({
  async insert(row: typeof passwordResetTokens.$inferInsert) {
    await db.insert(passwordResetTokens).values(row);
  },

  /** A link's row with the state of its user (joined: one round trip). */
  async find(tokenHash: string) {
    const [row] = await db
      .select({
        userId: passwordResetTokens.userId,
        email: passwordResetTokens.email,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
        userEmail: users.email,
        userBlockedAt: users.blockedAt,
      })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(passwordResetTokens.tokenHash, tokenHash));
    return row;
  },

  /**
   * Uses the token (only the first of concurrent requests gets true) and voids the user's other
   * unused links: once the password changed, older links must not change it again.
   */
  async use(tokenHash: string, userId: number, now: Date) {
    const used = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (!used.length) return false;
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    return true;
  },
}));

export type ResetTokenRepository = ReturnType<typeof createResetTokenRepository>;
