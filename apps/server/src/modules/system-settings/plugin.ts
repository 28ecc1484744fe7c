import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createSettingRepository } from './repository';
import { systemSettingRoutes } from './routes';
import { createSystemSettingsService, type SystemSettingsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** System settings such as maintenance mode (modules/system-settings). */
    systemSettings: SystemSettingsService;
  }
}

/** The system-settings module. */
export const systemSettingsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'systemSettings',
      createSystemSettingsService({
        db: app.database.db,
        settings: createSettingRepository(app.database.db),
        now: app.now,
      }),
    );
    await app.register(systemSettingRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'system-settings',
    dependencies: ['tokens'],
    decorators: { fastify: ['authenticate', 'database', 'now', 'requireRoles'] },
  },
);
