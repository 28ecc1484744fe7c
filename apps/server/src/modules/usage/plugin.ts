import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { clickRoutes } from './click-routes';
import { createClickRepository } from './repository';
import { usageRoutes } from './routes';
import { createUsageService, type UsageService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** NS BI clicks counted, and the usage charts over them (modules/usage). */
    usage: UsageService;
  }
}

/** The usage module: user-logs clicks in, usage charts out. */
export const usageModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'usage',
      createUsageService({
        clicks: createClickRepository(app.database.db),
        now: app.now,
        reportName: (id) => app.bi.reportName(id),
        sees: (actor, id) => app.reportAccess.sees(actor, id),
      }),
    );
    await app.register(clickRoutes, { prefix: API_PREFIX });
    await app.register(usageRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'usage',
    dependencies: ['tokens', 'rate-limits', 'bi', 'report-access', 'audit'],
    decorators: {
      fastify: [
        'audit',
        'authenticate',
        'bi',
        'database',
        'now',
        'rateLimits',
        'reportAccess',
        'requireRoles',
      ],
    },
  },
);
