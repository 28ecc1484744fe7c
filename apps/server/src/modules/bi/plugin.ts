import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createUserRepository } from '../directory';
import { createProjectTrees } from './project-trees';
import { createGrantRepository } from './report-access/repository';
import { reportAccessRoutes } from './report-access/routes';
import { createReportAccessService, type ReportAccessService } from './report-access/service';
import { createReportFolderRepository } from './report-folders/repository';
import { reportFolderRoutes } from './report-folders/routes';
import { createReportFolderService, type ReportFolderService } from './report-folders/service';
import { createBiAccountRepository, createNsbiUserRepository } from './repository';
import { biRoutes } from './routes';
import { createBiService, type BiService } from './service';

/** NS BI: BI accounts, projects, items and log-on tokens; report folders and report access per user. */
export type BiModule = BiService & { folders: ReportFolderService; access: ReportAccessService };

declare module 'fastify' {
  interface FastifyInstance {
    /** NS BI (modules/bi); the BI server itself is reached through `app.biClient`. */
    bi: BiModule;
  }
}

/** How long a walked project tree answers project-items before the BI server is asked again. */
export const PROJECT_TREE_TTL_MS = 5 * 60_000;

/**
 * The bi module. One set of project trees per app, shared by the caller's items, Users NSBI
 * Dashboards, report access and the usage charts' report names.
 */
export const biModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const { now } = app;
    const trees = createProjectTrees({ bi: app.biClient, now, ttlMs: PROJECT_TREE_TTL_MS });
    const users = createUserRepository(db);
    const folders = createReportFolderRepository(db);
    const grants = createGrantRepository(db);
    const service = createBiService({
      db,
      users,
      accounts: createBiAccountRepository(db),
      nsbiUsers: createNsbiUserRepository(db),
      grants,
      folders,
      client: app.biClient,
      trees,
      settings: app.systemSettings,
      now,
    });
    app.decorate('bi', {
      ...service,
      folders: createReportFolderService({ db, folders, now }),
      access: createReportAccessService({
        db,
        users,
        grants,
        folders,
        trees,
        now,
        grantsChanged: service.grantsChanged,
      }),
    });
    await app.register(biRoutes, { prefix: API_PREFIX });
    await app.register(reportFolderRoutes, { prefix: API_PREFIX });
    await app.register(reportAccessRoutes, { prefix: API_PREFIX });
  },
  { name: 'bi', dependencies: ['tokens', 'rate-limits', 'system-settings', 'integrations', 'audit'] },
);
