import { and, eq, isNull, lt } from 'drizzle-orm';
import { realtimeTickets, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export async function insertTicket(db: Executor, row: typeof realtimeTickets.$inferInsert) {
  await db.insert(realtimeTickets).values(row);
}

/** Redeems a ticket: deleted as it is read, so it works once on any instance. */
export async function takeTicket(db: Executor, ticketHash: string, now: Date) {
  const [row] = await db.delete(realtimeTickets).where(eq(realtimeTickets.ticketHash, ticketHash)).returning({
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
}

export async function deleteExpiredTickets(db: Executor, now: Date) {
  await db.delete(realtimeTickets).where(lt(realtimeTickets.expiresAt, now));
}
