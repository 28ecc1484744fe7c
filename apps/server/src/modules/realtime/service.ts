import { REALTIME } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import { canSubscribe } from './policy';
import type { TicketRepository } from './repository';

/** Tickets for the event stream (docs/api.md "Realtime"): asked for with a Bearer token, redeemed once by GET realtime. */
export function createTicketService(deps: { tickets: TicketRepository; now: () => Date }) {
  const { tickets, now } = deps;
  return {
    /** POST broadcasting/auth: a single-use ticket for GET realtime, valid a minute, stored hashed. */
    async issueTicket(userId: number, channel: string): Promise<string> {
      if (!canSubscribe(userId, channel)) throw AppError.forbidden();
      const at = now();
      const ticket = newOpaqueToken();
      await tickets.insert({
        ticketHash: tokenHash(ticket),
        userId,
        channel: REALTIME.loginChannel(userId),
        expiresAt: new Date(at.getTime() + REALTIME.ticketTtlMs),
      });
      // Redeemed tickets delete themselves; unredeemed ones are swept now and then.
      if (Math.random() < 0.02) await tickets.deleteExpired(at);
      return ticket;
    },

    /** GET realtime: the channel a ticket opens, or 401 (unknown, used, expired, user blocked). */
    async redeemTicket(ticket: string | undefined): Promise<string> {
      if (!ticket || !looksLikeOpaqueToken(ticket)) throw AppError.unauthenticated();
      const row = await tickets.take(tokenHash(ticket), now());
      if (!row) throw AppError.unauthenticated();
      return row.channel;
    },
  };
}
