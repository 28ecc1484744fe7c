import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@portal/contract';
import { release } from '../../lib/release';

/** Liveness and readiness, outside /api so load balancers need no token. */
export async function healthRoutes(app: FastifyInstance) {
  const { database } = app;
  // Which release answers: what an operator checks after a deploy, and a rolling upgrade's progress.
  const alive = { status: 'ok', version: release.version, commit: release.commit };
  app.get('/healthz', { schema: { hide: true } }, async () => alive);
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).header('Retry-After', '5').send({ message: MESSAGES.databaseUnavailable });
    }
  });
}
