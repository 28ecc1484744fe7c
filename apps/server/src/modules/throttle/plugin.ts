import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createThrottleRepository } from './repository';
import { createThrottleService, type ThrottleService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in throttling and fixed-window rate limits, shared by every instance (modules/throttle). */
    throttle: ThrottleService;
  }
}

/** The throttle module: no routes; auth, linked apps and passwords ask it before doing any work. */
export const throttleModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('throttle', createThrottleService({ throttle: createThrottleRepository(app.database.db) }));
  },
  {
    name: 'throttle',
    decorators: { fastify: ['database'] },
  },
);
