import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { reportItemRoutes } from './items-routes';
import { createGrantRepository, createNsbiUserRepository } from './repository';
import { reportAccessRoutes } from './routes';
import { createReportAccessService, type ReportAccessService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** NS BI report access (modules/bi/report-access): which items of their project each user sees. */
    reportAccess: ReportAccessService;
  }
}

/**
 * NS BI report access: the grants per user, and everything that follows from them (the caller's
 * items and log-on tokens, Users NSBI Dashboards, which clicks usage counts). Comes after `bi` (the
 * project trees, the BI accounts) and `report-folders` (where items show).
 */
export const reportAccessModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate(
      'reportAccess',
      createReportAccessService({
        db,
        users: app.directory,
        grants: createGrantRepository(db),
        nsbiUsers: createNsbiUserRepository(db),
        bi: app.bi,
        folders: app.reportFolders,
        now: app.now,
      }),
    );
    await app.register(reportItemRoutes, { prefix: API_PREFIX });
    await app.register(reportAccessRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'report-access',
    dependencies: ['directory', 'tokens', 'rate-limits', 'audit', 'bi', 'report-folders'],
    decorators: {
      fastify: [
        'directory',
        'database',
        'now',
        'config',
        'bi',
        'reportFolders',
        'rateLimits',
        'audit',
        'authenticate',
        'requireRoles',
      ],
    },
  },
);
