import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** Liveness and readiness, outside /api so load balancers need no token. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ok', database: opts.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).header('Retry-After', '5').send({ message: 'Database unavailable.' });
    }
  });
}
