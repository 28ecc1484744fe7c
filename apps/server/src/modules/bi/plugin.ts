import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createProjectTrees } from './project-trees';
import { createBiAccountRepository } from './repository';
import { biRoutes } from './routes';
import { createBiService, type BiService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** NS BI accounts and projects (modules/bi); the BI server itself is reached through `app.biClient`. */
    bi: BiService;
  }
}

/** How long a walked project tree answers project-items before the BI server is asked again. */
export const PROJECT_TREE_TTL_MS = 5 * 60_000;

/**
 * NS BI accounts and projects: a BI account per NSBI user, the project it may view, and log-on
 * tokens. One set of project trees per app, shared (through `app.bi`) by the caller's items, Users
 * NSBI Dashboards, report access and the usage charts' report names. Report folders and report
 * access are the plugins of bi/report-folders and bi/report-access.
 */
export const biModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const { now } = app;
    app.decorate(
      'bi',
      createBiService({
        db,
        users: app.directory,
        accounts: createBiAccountRepository(db),
        client: app.biClient,
        trees: createProjectTrees({ bi: app.biClient, now, ttlMs: PROJECT_TREE_TTL_MS }),
        settings: app.systemSettings,
        now,
      }),
    );
    await app.register(biRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'bi',
    dependencies: ['directory', 'tokens', 'system-settings', 'integrations', 'audit'],
    decorators: {
      fastify: ['directory', 'database', 'now', 'biClient', 'systemSettings', 'authenticate', 'requireRoles'],
    },
  },
);
