import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, ROLE_IDS, usageExportQuerySchema, usageQuerySchema, usageSchema } from '@portal/contract';
import { sendCsvExport } from '../../lib/csv';
import { actorOf } from '../tokens';
import { csvResponse } from '../../lib/openapi-media';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentUsage, usageTableCsv } from './presenter';

/** GET usage/clicks (admin): the NS BI usage charts' data. */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usage/clicks',
    {
      onRequest: app.requireRoles(ROLE_IDS.admin),
      schema: {
        operationId: 'getUsageClicks',
        tags: ['usage'],
        security: bearerSecurity,
        summary:
          'NS BI and report clicks per day, top reports and top users over the last `days` days (admin)',
        querystring: usageQuerySchema,
        response: { 200: dataOf(usageSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ data: presentUsage(await app.usage.clicks(request.query.days)) }),
  );

  app.get(
    '/usage/export',
    {
      onRequest: app.requireRoles(ROLE_IDS.admin),
      schema: {
        operationId: 'exportUsage',
        tags: ['usage'],
        security: bearerSecurity,
        summary: 'One table of the usage screen (per-day, top-reports, top-users) over `days` days, as CSV',
        querystring: usageExportQuerySchema,
        response: {
          200: csvResponse('The table, as the screen shows it', 'day,nsbi_clicks,report_clicks\n'),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { days, table } = request.query;
      const { rows, columns } = usageTableCsv(await app.usage.clicks(days), table);
      const actor = actorOf(request);
      return sendCsvExport(reply, {
        name: `usage-${table}-${days}d`,
        rows,
        columns,
        today: app.now(),
        finished: (outcome) => app.audit.recordExport(actor, 'usage.exported', request.query, outcome),
      });
    },
  );
};
