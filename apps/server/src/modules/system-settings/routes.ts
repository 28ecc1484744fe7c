import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, ROLE_IDS, saveSystemSettingsRequestSchema, systemSettingListSchema } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { actorOf } from '../tokens';
import { presentSetting } from './presenter';

/** docs/api.md "System settings": everyone reads them; admins save them. */
export const systemSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.systemSettings;
  const tags = ['system-settings'];
  const listResponse = dataOf(systemSettingListSchema);

  app.get(
    '/system-settings',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listSystemSettings',
        tags,
        summary: 'Every system setting (maintenance_mode is "0"/"1")',
        security: bearerSecurity,
        response: { 200: listResponse, ...errorResponses(401) },
      },
    },
    async () => ({ data: (await settings.list()).map(presentSetting) }),
  );

  app.post(
    '/system-settings/save-many',
    {
      onRequest: app.requireRoles(ROLE_IDS.admin),
      schema: {
        operationId: 'saveSystemSettings',
        tags,
        summary: 'Save several system settings (admin); answers the full list',
        security: bearerSecurity,
        body: saveSystemSettingsRequestSchema,
        response: { 200: listResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const saved = await settings.saveMany(request.body, actorOf(request));
      return { data: saved.map(presentSetting) };
    },
  );
};
