import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { hasAnyRole } from '../users/rules';
import { SessionCache } from './session-cache';
import { accessTokenHash, rememberedSession, resolveAccessToken, type AuthContext } from './sessions';

/**
 * A route hook; fits `onRequest` (preferred, see authGuard) as well as `preHandler`. Callback style
 * rather than async: a remembered session is accepted without a promise (see authenticate).
 */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: a live Bearer session or 401; sets `request.auth`. */
    authenticate: AuthHook;
    /** Hook: the signed-in user holds one of these roles, else 403 (401 when not signed in). */
    requireRoles(...roleIds: number[]): AuthHook;
    /** Resolved sessions this instance remembers; call `forget({ userId })` after changing a user. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes without it. Read it through `authOf(request)`. */
    auth: AuthContext | null;
  }
}

export type { AuthContext };

const BEARER = /^Bearer ([^\s]+)$/i;

/** How long a resolved token is trusted without asking the database; see SessionCache. */
export const SESSION_CACHE_TTL_MS = 1_000;

/** The caller of a guarded route. Throws 401 if the route forgot its guard rather than run anonymously. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

/**
 * Decorates the app with the auth guard. Use in a module's route options:
 *   `{ onRequest: app.authenticate }` — any signed-in user;
 *   `{ onRequest: app.requireRoles(ROLE_IDS.admin) }` — signed in and admin (authenticates itself).
 * onRequest rather than preHandler: it runs before the body is read and validated, so an anonymous
 * caller gets 401 (and a customer 403) without us parsing their body or describing our rules in a
 * 422. Both hooks also work as `preHandler` entries.
 */
export const authGuard = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    const cache = new SessionCache(SESSION_CACHE_TTL_MS);
    app.decorate('sessionCache', cache);

    // Every guarded request passes here, auth/me (read by every screen) most often. A session this
    // instance remembers is accepted synchronously: an async hook costs promises and microtask
    // turns on every request (5–10 % of the server's CPU for a cached auth/me, bench/api.ts).
    const authenticate: AuthHook = (request, _reply, done) => {
      if (request.auth) return done();
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const hash = token ? accessTokenHash(token) : undefined;
      if (!hash) return done(AppError.unauthenticated());
      const remembered = rememberedSession(cache, hash);
      if (remembered) {
        request.auth = remembered;
        return done();
      }
      resolveAccessToken(app.database.db, cache, hash).then((auth) => {
        if (!auth) return done(AppError.unauthenticated());
        request.auth = auth;
        done();
      }, done);
    };

    app.decorate('authenticate', authenticate);
    app.decorate(
      'requireRoles',
      (...roleIds: number[]): AuthHook =>
        (request, reply, done) =>
          authenticate(request, reply, (err) => {
            if (err) return done(err);
            done(hasAnyRole(authOf(request).user, roleIds) ? undefined : AppError.forbidden());
          }),
    );
  },
  { name: 'auth-guard' },
);
