import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, ROLE_IDS, saveSystemSettingsRequestSchema, systemSettingSchema } from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../auth/guard';
import { presentSetting } from './presenter';
import { createSettingsService } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = createSettingsService({ db: app.database.db });
  const tags = ['system-settings'];
  const listResponse = dataOf(z.array(systemSettingSchema));

  app.get(
    '/system-settings',
    {
      onRequest: app.authenticate,
      schema: {
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
        tags,
        summary: 'Save several system settings (admin); answers the full list',
        security: bearerSecurity,
        body: saveSystemSettingsRequestSchema,
        response: { 200: listResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const saved = await settings.saveMany(request.body, { userId: user.id, ip: clientInfo(request).ip });
      return { data: saved.map(presentSetting) };
    },
  );
};
