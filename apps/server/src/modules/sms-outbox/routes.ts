import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_IDS, smsOutboxSchema } from '@portal/contract';
import { outsideProduction } from '../../lib/development-only';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentOutboxSms } from './presenter';

/**
 * GET sms/outbox: the texts the SMS gateway holds, so a person trying the product with the SMS
 * simulator reads the security codes it "sent". Admins only, and never in production (404 there).
 */
export const smsOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sms/outbox',
    {
      onRequest: outsideProduction(app.config.isProduction, app.requireRoles(ROLE_IDS.admin)),
      schema: {
        operationId: 'listOutboxSms',
        tags: ['mail'],
        summary: "The SMS gateway's newest texts, newest first (admin, not in production)",
        security: bearerSecurity,
        response: { 200: smsOutboxSchema, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async () => ({ data: (await app.smsOutbox.recent()).map(presentOutboxSms) }),
  );
};
