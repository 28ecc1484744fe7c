import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  idParamsSchema,
  reportAccessListSchema,
  ROLE_IDS,
  saveUserReportsSchema,
  userReportsSchema,
} from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../../lib/openapi';
import { actorOf } from '../../tokens';
import { presentAccess, presentUserReports } from './presenter';

/** Report access per user (admin): GET and POST users/{id}/reports. */
export const reportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = app.reportAccess;
  const admin = app.requireRoles(ROLE_IDS.admin);
  const tags = ['report access'];

  app.get(
    '/users/:id/reports',
    {
      onRequest: admin,
      schema: {
        operationId: 'getUserReportAccess',
        tags,
        security: bearerSecurity,
        summary: 'The tree of a user’s BI project and which items they may see (admin)',
        params: idParamsSchema,
        response: { 200: dataOf(userReportsSchema), ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => ({ data: presentUserReports(await access.get(request.params.id)) }),
  );

  app.post(
    '/users/:id/reports',
    {
      onRequest: admin,
      schema: {
        operationId: 'saveUserReportAccess',
        tags,
        security: bearerSecurity,
        summary: 'Set which items of their project a user sees (admin); TS-managed items are always shown',
        params: idParamsSchema,
        body: saveUserReportsSchema,
        response: {
          200: dataOf(reportAccessListSchema),
          ...errorResponses(401, 403, 404, 422, 502),
        },
      },
    },
    async (request) => {
      const saved = await access.save(request.params.id, request.body.report_ids, actorOf(request));
      return { data: presentAccess(saved.visible) };
    },
  );
};
