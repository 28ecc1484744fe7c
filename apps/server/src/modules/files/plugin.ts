import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createUserRepository } from '../users';
import { createFileRepository } from './repository';
import { fileRoutes } from './routes';
import { createFileService, type FileService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Logos: stored in the database, served by capability URL (modules/files). */
    files: FileService;
  }
}

/** The files module. */
export const filesModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate(
      'files',
      createFileService({
        db,
        files: createFileRepository(db),
        users: createUserRepository(db),
        tokens: app.tokens,
      }),
    );
    await app.register(fileRoutes, { prefix: API_PREFIX });
  },
  { name: 'files', dependencies: ['tokens'] },
);
