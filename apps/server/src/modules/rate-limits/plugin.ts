import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '@portal/contract';
import { authOf } from '../tokens';
import { createRateLimitRepository } from './repository';
import { createRateLimitService, type RateLimitService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Request rate limits across instances (modules/rate-limits): `take`, and route hooks. */
    rateLimits: RateLimitService & {
      /** A route hook (after the guard) counting the caller's requests under `rule`. */
      perUser(rule: RateLimitRule): onRequestAsyncHookHandler;
      /** A route hook counting the client address's requests under `rule`. */
      perAddress(rule: RateLimitRule): onRequestAsyncHookHandler;
    };
  }
}

/** The rate-limits module: no routes; routes and services ask it before doing work. */
export const rateLimitsModule = fp(
  async (app: FastifyInstance) => {
    const service = createRateLimitService({
      rateLimits: createRateLimitRepository(app.database.db),
      now: app.now,
    });
    app.decorate('rateLimits', {
      ...service,
      perUser: (rule) => async (request) => service.take(rule, `user:${authOf(request).user.id}`),
      perAddress: (rule) => async (request) => service.take(rule, `ip:${request.ip}`),
    });
  },
  {
    name: 'rate-limits',
    dependencies: ['tokens'],
    decorators: { fastify: ['database', 'now'] },
  },
);
