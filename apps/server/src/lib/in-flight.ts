import type { ServerResponse } from 'node:http';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Counts route handlers that are running, so shutdown can wait for them before it closes what they
 * use. Fastify's own close waits for open connections only: a handler whose client hung up (a
 * sign-in mid-Argon2, say) keeps running after its socket is gone, and would otherwise find the
 * database pool ended under it — a session issued without its audit row.
 */
export function trackInFlightHandlers(app: FastifyInstance) {
  let running = 0;
  let waiters: Array<() => void> = [];
  /** Answers of the running handlers, so a drain can end their keep-alive (endKeepAlive). */
  const responses = new Set<ServerResponse>();
  let endingKeepAlive = false;
  const leave = () => {
    running -= 1;
    if (running === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };

  // Wraps every route added after this call (buildApp registers it before any route). Hooks are
  // not counted: the auth guard's one lookup is short, and at worst it fails with a logged error.
  // Handlers are where the long work (Argon2, multi-step writes) happens.
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      running += 1;
      const res = reply.raw;
      // A request that got past onRequest before the drain began reaches its handler after it.
      if (endingKeepAlive) res.shouldKeepAlive = false;
      else if (!responses.has(res)) {
        responses.add(res);
        res.once('close', () => responses.delete(res));
      }
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        leave();
        throw err;
      }
      // Async handlers: count until they settle. Others have done their work already (the reply
      // they may return is thenable but is not theirs to wait for).
      if (result instanceof Promise) return result.finally(leave);
      leave();
      return result;
    } as RouteHandlerMethod;
  });

  return {
    get running() {
      return running;
    },
    /**
     * Answers every running handler with `Connection: close` (those whose headers are still
     * unsent), so its connection ends with its answer instead of idling in keep-alive.
     */
    endKeepAlive() {
      endingKeepAlive = true;
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    /** Resolves once no handler is running. */
    idle(): Promise<void> {
      return running === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
