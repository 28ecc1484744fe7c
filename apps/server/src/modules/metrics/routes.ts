import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md).
 * Outside /api and the OpenAPI document: it is for the operator's scraper, not the product's callers.
 */
export const metricsRoutes = (token: string) => async (app: FastifyInstance) => {
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (sameToken(given, token)) return;
        reply.header('www-authenticate', 'Bearer');
        throw AppError.unauthenticated();
      },
    },
    async (_request, reply) => {
      const { contentType, body } = await app.metrics.render();
      return reply.header('content-type', contentType).send(body);
    },
  );
};
