import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { hasAnyRole, isAdmin, type Actor } from '../directory';
import { accessTokenHash, type AuthContext, type TokenService } from './service';

/**
 * A route hook; fits `onRequest` (preferred, see the tokens plugin) as well as `preHandler`. Callback
 * style rather than async: a remembered session is accepted without a promise (see authenticate).
 */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes without it. Read it through `authOf`/`actorOf`. */
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

/** How long a resolved token is trusted without asking the database; see SessionCache. */
export const SESSION_CACHE_TTL_MS = 1_000;

/** The caller of a guarded route. Throws 401 if the route forgot its guard rather than run anonymously. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

/** The caller of a guarded route as services take it: who, whether admin, which session, from where. */
export function actorOf(request: FastifyRequest): Actor {
  const { user, sessionId } = authOf(request);
  return { userId: user.id, isAdmin: isAdmin(user), sessionId, ip: clientInfo(request).ip, user };
}

/** The guard's hooks over the token service: `authenticate` and `requireRoles(...)`. */
export function createGuard(tokens: Pick<TokenService, 'remembered' | 'resolve'>) {
  // Every guarded request passes here, auth/me (read by every screen) most often. A session this
  // instance remembers is accepted synchronously: an async hook costs promises and microtask
  // turns on every request (5–10 % of the server's CPU for a cached auth/me, bench/api.ts).
  const authenticate: AuthHook = (request, _reply, done) => {
    // Stryker disable next-line StringLiteral: no header and any other text that is not "Bearer <token>" are refused alike
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const hash = token ? accessTokenHash(token) : undefined;
    if (!hash) return done(AppError.unauthenticated());
    const remembered = tokens.remembered(hash);
    if (remembered) {
      request.auth = remembered;
      return done();
    }
    tokens.resolve(hash).then((auth) => {
      if (!auth) return done(AppError.unauthenticated());
      request.auth = auth;
      done();
    }, done);
  };

  // Whole admin areas are guarded here, before the body is read; finer rules live in each
  // module's policy.ts, called by its service.
  const requireRoles =
    (...roleIds: number[]): AuthHook =>
    (request, reply, done) =>
      authenticate(request, reply, (err) => {
        if (err) return done(err);
        done(hasAnyRole(authOf(request).user, roleIds) ? undefined : AppError.forbidden());
      });

  return { authenticate, requireRoles };
}
