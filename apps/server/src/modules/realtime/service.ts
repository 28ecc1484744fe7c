import { REALTIME } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { looksLikeOpaqueToken, newOpaqueToken, tokenHash } from '../../lib/tokens';
import { canSubscribe } from './policy';
import type { SessionMatch } from '../tokens';
import type { StreamOwner, SubscriberHub } from './hub';
import type { TicketRepository } from './repository';

/** Tickets for the event stream (docs/api.md "Realtime"): asked for with a Bearer token, redeemed once by GET realtime. */
export function createTicketService(deps: { tickets: TicketRepository; now: () => Date }) {
  const { tickets, now } = deps;
  return {
    /** POST broadcasting/auth: a single-use ticket for GET realtime, valid a minute, stored hashed. */
    async issueTicket(userId: number, channel: string, sessionId: string): Promise<string> {
      if (!canSubscribe(userId, channel)) throw AppError.forbidden();
      const at = now();
      const ticket = newOpaqueToken();
      await tickets.insert(
        {
          ticketHash: tokenHash(ticket),
          userId,
          channel: REALTIME.loginChannel(userId),
          expiresAt: new Date(at.getTime() + REALTIME.ticketTtlMs),
        },
        sessionId,
      );
      // Redeemed tickets delete themselves; unredeemed ones are swept now and then.
      if (Math.random() < 0.02) await tickets.deleteExpired(at);
      return ticket;
    },

    /** GET realtime: the channel a ticket opens and whose stream it is, or 401 (unknown, used, expired, user blocked). */
    async redeemTicket(ticket: string | undefined): Promise<{ channel: string; owner: StreamOwner }> {
      if (!ticket || !looksLikeOpaqueToken(ticket)) throw AppError.unauthenticated();
      const row = await tickets.take(tokenHash(ticket), now());
      if (!row) throw AppError.unauthenticated();
      return { channel: row.channel, owner: { userId: row.userId, familyId: row.familyId } };
    },

    /**
     * Of the streams matching a forgotten session (sign-out, block, revocation, rotation), those whose
     * sign-in ended: their user stays signed in nowhere through them.
     */
    async endedStreams(hub: SubscriberHub, match: SessionMatch): Promise<string[]> {
      if (hub.size === 0) return [];
      let scope: { userId?: number; familyId?: string } = match;
      if (match.userId === undefined && match.familyId === undefined) {
        if (match.sessionId === undefined) return [];
        const familyId = await tickets.familyOfSession(match.sessionId);
        if (!familyId || !hub.hasFamily(familyId)) return [];
        scope = { familyId };
      }
      const families = hub.familiesOf(scope);
      if (!families.length) return [];
      const live = new Set(await tickets.liveFamilies(families, now()));
      return families.filter((f) => !live.has(f));
    },
  };
}
