import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, pagedOutboxSchema, ROLE_IDS } from '@portal/contract';
import { outsideProduction } from '../../lib/development-only';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentOutboxPage } from './presenter';

/**
 * GET mail/outbox: what the app would have mailed, so a person trying the product without a mail
 * server can finish every flow. Admins only, and never in production (404 there).
 */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail/outbox',
    {
      onRequest: outsideProduction(app.config.isProduction, app.requireRoles(ROLE_IDS.admin)),
      schema: {
        operationId: 'listOutboxMail',
        tags: ['mail'],
        summary: 'Mail kept in the development outbox (admin, not in production)',
        security: bearerSecurity,
        querystring: outboxQuerySchema,
        response: { 200: pagedOutboxSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { page, paginate } = request.query;
      const outbox = await app.mailOutbox.page(page, paginate);
      return presentOutboxPage(outbox.rows, {
        ...outbox,
        baseUrl: `${app.config.appUrl}/api/v1.0/mail/outbox`,
      });
    },
  );
};
