import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { metricsRoutes } from './routes';

/**
 * The metrics module: serves what plugins/metrics counts. Only with METRICS_TOKEN set; unset,
 * /metrics is a plain 404 like any unknown path.
 */
export const metricsModule = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (token && app.metrics.enabled) await app.register(metricsRoutes(token));
  },
  { name: 'metrics-endpoint', dependencies: ['metrics'], decorators: { fastify: ['config', 'metrics'] } },
);
