import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITS, reportClickQuerySchema } from '@portal/contract';
import { bearerSecurity, errorResponses, noContent } from '../../lib/openapi';
import { actorOf, authOf } from '../tokens';

/** Usage logs (docs/product.md §7 "user-logs"): a row per click on NS BI and per report opened. */
export const clickRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usage'];
  // Each click is a row: a script clicking would fill the table and skew the charts.
  const guard = [app.authenticate, app.rateLimits.perUser(RATE_LIMITS.clicks)];

  app.post(
    '/user-logs/increase-nsbi-clicks',
    {
      onRequest: guard,
      schema: {
        operationId: 'countNsbiClick',
        tags,
        security: bearerSecurity,
        summary: 'Count a click on the NS BI card',
        response: { 204: noContent('Counted'), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await app.usage.countNsbiClick(authOf(request).user.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user-logs/increase-report-clicks',
    {
      onRequest: guard,
      schema: {
        operationId: 'countReportClick',
        tags,
        security: bearerSecurity,
        summary: 'Count a report or dashboard opened (one the caller sees; 404 otherwise)',
        querystring: reportClickQuerySchema,
        response: { 204: noContent('Counted'), ...errorResponses(401, 404, 422, 429, 502) },
      },
    },
    async (request, reply) => {
      await app.usage.countReportClick(actorOf(request), request.query.report_id);
      return reply.status(204).send(null);
    },
  );
};
