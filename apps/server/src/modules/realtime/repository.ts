import { and, eq, isNull, lt } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { realtimeTickets, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** realtime_tickets: single-use tickets (stored hashed) that open an event stream. */
export const createTicketRepository = defineRepository((db: Executor) => ({
  async insert(row: typeof realtimeTickets.$inferInsert) {
    await db.insert(realtimeTickets).values(row);
  },

  /** Redeems a ticket: deleted as it is read, so it works once on any instance. */
  async take(ticketHash: string, now: Date) {
    const [row] = await db
      .delete(realtimeTickets)
      .where(eq(realtimeTickets.ticketHash, ticketHash))
      .returning({
        userId: realtimeTickets.userId,
        channel: realtimeTickets.channel,
        expiresAt: realtimeTickets.expiresAt,
      });
    if (!row || row.expiresAt <= now) return undefined;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row.userId), isNull(users.blockedAt)));
    return user ? row : undefined;
  },

  async deleteExpired(now: Date) {
    await db.delete(realtimeTickets).where(lt(realtimeTickets.expiresAt, now));
  },
}));

export type TicketRepository = ReturnType<typeof createTicketRepository>;
