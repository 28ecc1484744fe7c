import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProjectTrees } from './project-items';
import { createBiService, type BiService } from './service';
import { createReportAccessService, type ReportAccessService } from '../reports/access-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The BI account service; one per app, so its project trees are shared by every route. */
    biService: BiService;
    /** Report access per user, over the same project trees. */
    reportAccess: ReportAccessService;
  }
}

/** How long a walked project tree answers project-items before the BI server is asked again. */
export const PROJECT_TREE_TTL_MS = 5 * 60_000;

/** Decorates the app with the BI services (after the integrations plugin: they need `app.bi`). */
export const biServicePlugin = fp(
  async (app: FastifyInstance) => {
    const trees = createProjectTrees({ bi: app.bi, now: app.now, ttlMs: PROJECT_TREE_TTL_MS });
    app.decorate(
      'biService',
      createBiService({
        db: app.database.db,
        bi: app.bi,
        trees,
        publicUrl: app.config.bi.publicUrl,
        now: app.now,
      }),
    );
    app.decorate('reportAccess', createReportAccessService({ db: app.database.db, trees, now: app.now }));
  },
  { name: 'bi-service', dependencies: ['integrations'] },
);

export const biServiceOf = (app: FastifyInstance) => app.biService;
