import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { realtimeTickets, sessions, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** realtime_tickets: single-use tickets (stored hashed) that open an event stream. */
export const createTicketRepository = defineRepository((db: Executor) => ({
  /** A ticket of the sign-in (session family) of `sessionId`: the stream it opens ends with it. */
  async insert(row: Omit<typeof realtimeTickets.$inferInsert, 'familyId'>, sessionId: string) {
    await db.insert(realtimeTickets).values({
      ...row,
      familyId: sql`(select ${sessions.familyId}::text from ${sessions} where ${sessions.id} = ${sessionId})`,
    });
  },

  /** Redeems a ticket: deleted as it is read, so it works once on any instance. */
  async take(ticketHash: string, now: Date) {
    const [row] = await db
      .delete(realtimeTickets)
      .where(eq(realtimeTickets.ticketHash, ticketHash))
      .returning({
        userId: realtimeTickets.userId,
        channel: realtimeTickets.channel,
        familyId: realtimeTickets.familyId,
        expiresAt: realtimeTickets.expiresAt,
      });
    if (!row || row.expiresAt <= now) return undefined;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row.userId), isNull(users.blockedAt)));
    return user ? row : undefined;
  },

  /** The sign-in a session belongs to (a sign-out names the session only). */
  async familyOfSession(sessionId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ familyId: sql<string>`${sessions.familyId}::text` })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.familyId;
  },

  /** Of these sign-ins, those still going: a session not revoked nor past its refresh, user not blocked. */
  async liveFamilies(familyIds: string[], now: Date): Promise<string[]> {
    const rows = await db
      .selectDistinct({ familyId: sql<string>`${sessions.familyId}::text` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sql`${sessions.familyId}::text`, familyIds),
          isNull(sessions.revokedAt),
          gt(sessions.refreshExpiresAt, now),
          isNull(users.blockedAt),
        ),
      );
    return rows.map((r) => r.familyId);
  },

  async deleteExpired(now: Date) {
    await db.delete(realtimeTickets).where(lt(realtimeTickets.expiresAt, now));
  },
}));

export type TicketRepository = ReturnType<typeof createTicketRepository>;
