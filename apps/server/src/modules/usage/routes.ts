import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, ROLE_IDS, usageQuerySchema, usageSchema } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentUsage } from './presenter';

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
};
