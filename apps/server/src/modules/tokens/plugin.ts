import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SessionCache } from './cache';
import { createGuard, SESSION_CACHE_TTL_MS, type AuthHook } from './guard';
import { createSessionRepository } from './repository';
import { createTokenService, type TokenService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Access and refresh tokens: issued, resolved, rotated, revoked (modules/tokens). */
    tokens: TokenService;
    /** Resolved sessions this instance remembers (the realtime bus keeps instances in step). */
    sessionCache: SessionCache;
    /** Hook: a live Bearer session or 401; sets `request.auth`. */
    authenticate: AuthHook;
    /** Hook: the signed-in user holds one of these roles, else 403 (401 when not signed in). */
    requireRoles(...roleIds: number[]): AuthHook;
  }
}

/**
 * The tokens module: the sessions table behind access and refresh tokens, and the guard every other
 * module's routes use. Use in a route's options:
 *   `{ onRequest: app.authenticate }` — any signed-in user;
 *   `{ onRequest: app.requireRoles(ROLE_IDS.admin) }` — signed in and admin (authenticates itself).
 * onRequest rather than preHandler: it runs before the body is read and validated, so an anonymous
 * caller gets 401 (and a customer 403) without us parsing their body or describing our rules in a
 * 422. Both hooks also work as `preHandler` entries.
 */
export const tokensModule = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    const cache = new SessionCache(SESSION_CACHE_TTL_MS);
    const tokens = createTokenService({
      db: app.database.db,
      sessions: createSessionRepository(app.database.db),
      cache,
      ttls: app.config,
      now: app.now,
    });
    const { authenticate, requireRoles } = createGuard(tokens);
    app.decorate('tokens', tokens);
    app.decorate('sessionCache', cache);
    app.decorate('authenticate', authenticate);
    app.decorate('requireRoles', requireRoles);
  },
  {
    name: 'tokens',
    decorators: { fastify: ['config', 'database', 'now'] },
  },
);
