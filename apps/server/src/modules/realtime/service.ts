import { REALTIME } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import { deleteExpiredTickets, insertTicket, takeTicket } from './queries';

/** Channels a user may subscribe to: only their own login-notification channel (Pusher's 'private-' accepted). */
export function ownsChannel(userId: number, channel: string) {
  const own = REALTIME.loginChannel(userId);
  return channel === own || channel === `private-${own}`;
}

export function createRealtimeService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** POST broadcasting/auth: a single-use ticket for GET realtime, valid a minute, stored hashed. */
    async issueTicket(userId: number, channel: string): Promise<string> {
      if (!ownsChannel(userId, channel)) throw AppError.forbidden();
      const at = now();
      const ticket = newOpaqueToken();
      await insertTicket(deps.db, {
        ticketHash: tokenHash(ticket),
        userId,
        channel: REALTIME.loginChannel(userId),
        expiresAt: new Date(at.getTime() + REALTIME.ticketTtlMs),
      });
      // Redeemed tickets delete themselves; unredeemed ones are swept now and then.
      if (Math.random() < 0.02) await deleteExpiredTickets(deps.db, at);
      return ticket;
    },

    /** GET realtime: the channel a ticket opens, or 401 (unknown, used, expired, user blocked). */
    async redeemTicket(ticket: string | undefined): Promise<string> {
      if (!ticket || !looksLikeOpaqueToken(ticket)) throw AppError.unauthenticated();
      const row = await takeTicket(deps.db, tokenHash(ticket), now());
      if (!row) throw AppError.unauthenticated();
      return row.channel;
    },
  };
}
