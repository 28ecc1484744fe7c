import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, roleListSchema } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentRole } from './presenter';

/** docs/api.md "Roles": every role, and the ones an admin can assign. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roles } = app;
  const schema = (operationId: string, summary: string) => ({
    operationId,
    tags: ['roles'],
    summary,
    security: bearerSecurity,
    response: { 200: dataOf(roleListSchema), ...errorResponses(401) },
  });

  app.get('/roles', { onRequest: app.authenticate, schema: schema('listRoles', 'Every role') }, async () => ({
    data: (await roles.list()).map(presentRole),
  }));
  app.get(
    '/roles/available',
    {
      onRequest: app.authenticate,
      schema: schema('listAssignableRoles', 'Roles an admin can assign to a user'),
    },
    async () => ({ data: (await roles.listAssignable()).map(presentRole) }),
  );
};
