import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Executor } from '../../db/types';

/**
 * The user's live sessions (not revoked, refresh token not expired): one row per sign-in, since a
 * refresh revokes the old row of its family. Signed-in time is the family's first row.
 */
export async function listLiveSessions(db: Executor, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      lastUsedAt: sessions.lastUsedAt,
      signedInAt: sql<string>`(select min(s2.created_at) from sessions s2 where s2.family_id = ${sessions.familyId})`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100);
}
