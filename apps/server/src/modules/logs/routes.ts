import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportClickQuerySchema } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../auth/guard';
import { recordClick } from './queries';

/** Usage logs (SPEC §7 "user-logs"): a row per click on NS BI and per report opened. */
export const userLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['usage'];

  app.post(
    '/user-logs/increase-nsbi-clicks',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Count a click on the NS BI card',
        response: { 204: z.null().describe('Counted'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await recordClick(db, { userId: authOf(request).user.id, kind: 'nsbi', at: app.now() });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user-logs/increase-report-clicks',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Count a report or dashboard opened',
        querystring: reportClickQuerySchema,
        response: { 204: z.null().describe('Counted'), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      await recordClick(db, {
        userId: authOf(request).user.id,
        kind: 'report',
        reportId: request.query.report_id,
        at: app.now(),
      });
      return reply.status(204).send(null);
    },
  );
};
