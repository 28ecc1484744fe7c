import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './errors';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * The hook of routes that serve only a product being tried (the mail and SMS outboxes): 404 in
 * production, as if the route were not there, else `guard` (the admin check).
 */
export function outsideProduction(isProduction: boolean, guard: Hook): Hook {
  return (request, reply, done) => {
    if (isProduction) return done(AppError.notFound());
    guard(request, reply, done);
  };
}
