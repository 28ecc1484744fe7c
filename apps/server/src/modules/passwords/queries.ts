import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Who a reset link may go to: the user of that email (blocked ones are answered alike, not mailed). */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, blockedAt: users.blockedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function insertResetToken(db: Executor, row: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(row);
}

export async function findResetToken(db: Executor, tokenHash: string) {
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
}

/**
 * Uses the token (only the first of concurrent requests gets true) and voids the user's other
 * unused links: once the password changed, older links must not change it again.
 */
export async function useResetTokens(db: Executor, tokenHash: string, userId: number, now: Date) {
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
}
