import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  reportAccessEntrySchema,
  ROLE_IDS,
  saveUserReportsSchema,
  userReportsSchema,
} from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../../lib/openapi';
import { authOf } from '../../tokens';
import { presentAccess, presentUserReports } from './presenter';

const userParams = z.object({ id: z.coerce.number().int().positive() });

/** Report access per user (admin): GET and POST users/{id}/reports. */
export const reportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { access } = app.bi;
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
        params: userParams,
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
        params: userParams,
        body: saveUserReportsSchema,
        response: {
          200: dataOf(z.array(reportAccessEntrySchema)),
          ...errorResponses(401, 403, 404, 422, 502),
        },
      },
    },
    async (request) => {
      const saved = await access.save(request.params.id, request.body.report_ids, authOf(request).user.id);
      return { data: presentAccess(saved.tree, saved.grants) };
    },
  );
};
