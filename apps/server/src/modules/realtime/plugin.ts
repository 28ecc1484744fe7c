import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createBus, type Bus } from './bus';
import { SubscriberHub } from './hub';
import { createTicketRepository } from './repository';
import { realtimeRoutes } from './routes';
import { createTicketService } from './service';
import type { SessionMatch } from '../tokens';

/** How long a revoked sign-in's stream stays open: events said along with the revocation get out first. */
const STREAM_END_GRACE_MS = 250;

export type Realtime = {
  /** Publishes an event on a channel to its subscribers on every instance. */
  publish(channel: string, event: string, data: unknown): Promise<void>;
  hub: SubscriberHub;
  bus: Bus;
} & ReturnType<typeof createTicketService>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * The realtime module. Fan-out between instances (docs/architecture.md "realtime"): channel events go to the
 * SSE subscribers of every instance, and every session this instance forgets (logout, revocation, a
 * blocked user) is forgotten by the other instances' session caches too, at once instead of after
 * their 1 s ttl. Subscribers get in with a single-use ticket (broadcasting/auth, then GET realtime).
 */
export const realtimeModule = fp(
  async (app: FastifyInstance) => {
    const bus = createBus(app.database, app.log);
    const hub = new SubscriberHub();
    app.metrics.gauge(
      'portal_sse_connections',
      'Open Server-Sent Events streams on this instance',
      () => hub.size,
    );
    const origin = randomUUID();
    const service = createTicketService({ tickets: createTicketRepository(app.database.db), now: app.now });
    // A stream ends with the sign-in whose ticket opened it (sign-out, block, revocation), on every
    // instance: each hears every forgotten session (its own too) and checks its own streams. The
    // end comes a moment later, so an event said with the revocation (the single-session sign-in's
    // notice to the device it signs out) still reaches that device first.
    const endRevokedStreams = (match: SessionMatch) =>
      service
        .endedStreams(hub, match)
        .then((ended) => {
          if (ended.length) setTimeout(() => hub.endFamilies(ended), STREAM_END_GRACE_MS).unref();
        })
        .catch((err: unknown) =>
          app.log.warn({ err }, 'could not check the realtime streams of a revocation'),
        );
    bus.onMessage((message) => {
      if (message.k === 'event') hub.deliver(message.channel, message.event, message.data);
      else {
        if (message.origin !== origin) app.sessionCache.forgetLocally(message.match);
        void endRevokedStreams(message.match);
      }
    });
    // Revocations said while the listener was away are unknown: trust no cached session.
    bus.onReconnect(() => app.sessionCache.clear());
    app.sessionCache.setBroadcast((match) =>
      bus.publish({ k: 'forget', match, origin }).catch((err: unknown) => {
        // The other instances still drop the session within their cache ttl (about a second).
        app.log.warn({ err }, 'could not broadcast a session revocation');
      }),
    );
    await bus.ready();

    app.decorate('realtime', {
      publish: (channel: string, event: string, data: unknown) =>
        bus.publish({ k: 'event', channel, event, data }),
      hub,
      bus,
      ...service,
    });
    // preClose: streams never end by themselves, so the server could not close while they are open.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => bus.close());
    await app.register(realtimeRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'realtime',
    dependencies: ['tokens', 'rate-limits', 'metrics'],
    decorators: { fastify: ['authenticate', 'database', 'metrics', 'now', 'rateLimits', 'sessionCache'] },
  },
);
