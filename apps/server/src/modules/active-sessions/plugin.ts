import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { activeSessionRoutes } from './routes';
import { createActiveSessionsService, type ActiveSessionsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Profile 'Sessions' card: signed-in devices (modules/active-sessions). */
    activeSessions: ActiveSessionsService;
  }
}

/** The active-sessions module: a user's sessions as devices, over the tokens module's sessions. */
export const activeSessionsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('activeSessions', createActiveSessionsService({ db: app.database.db, tokens: app.tokens }));
    await app.register(activeSessionRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'active-sessions',
    dependencies: ['tokens'],
    decorators: { fastify: ['authenticate', 'database', 'tokens'] },
  },
);
