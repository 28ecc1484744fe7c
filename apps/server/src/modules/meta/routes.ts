import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metaListResponseSchema, metaUpdateSchema } from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../auth/guard';
import { presentMeta } from '../users/presenter';
import { isAdmin } from '../users/rules';
import { createMetaService } from './service';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = createMetaService({ db: app.database.db, sessionCache: app.sessionCache });

  app.post(
    '/meta/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "Set meta keys of a user (own user, or admin for anyone); answers the user's meta list",
        description:
          'admin_notes and settings.nsbi_enabled are admin only (403 otherwise); flags are "0"/"1".',
        security: bearerSecurity,
        body: metaUpdateSchema,
        response: { 200: metaListResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const saved = await meta.save(request.body, { user, ip: clientInfo(request).ip });
      return { data: presentMeta(saved, { adminView: isAdmin(user) }) };
    },
  );
};
