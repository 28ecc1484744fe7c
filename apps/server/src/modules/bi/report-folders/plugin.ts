import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createReportFolderRepository } from './repository';
import { reportFolderRoutes } from './routes';
import { createReportFolderService, type ReportFolderService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Report folders (modules/bi/report-folders): portal-side groupings of BI items. */
    reportFolders: ReportFolderService;
  }
}

/** NS BI reports and folders: the portal's report folders and which BI items show in them. */
export const reportFoldersModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate(
      'reportFolders',
      createReportFolderService({ db, folders: createReportFolderRepository(db), now: app.now }),
    );
    await app.register(reportFolderRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'report-folders',
    dependencies: ['tokens', 'audit'],
    decorators: { fastify: ['database', 'now', 'authenticate', 'requireRoles'] },
  },
);
