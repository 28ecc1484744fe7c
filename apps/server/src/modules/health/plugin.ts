import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './routes';

/** The health module: liveness and readiness, outside /api so load balancers need no token. */
export const healthModule = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes);
  },
  {
    name: 'health',
    decorators: { fastify: ['database'] },
  },
);
