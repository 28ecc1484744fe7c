import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createFileRepository } from './repository';
import { fileRoutes } from './routes';
import { createFileService, type FileService } from './service';
import { createUploadQueue, type UploadQueue } from './upload-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Logos: stored in the database, served by capability URL (modules/files). */
    files: FileService;
    /** Logo uploads in progress on this instance and their image queue (modules/files/upload-queue.ts). */
    uploads: UploadQueue;
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
        users: app.directory,
        tokens: app.tokens,
      }),
    );
    app.decorate('uploads', createUploadQueue());
    // Uploads still arriving or waiting must not hold the shutdown: they end with 503 (Connection:
    // close while draining); nothing of theirs was stored.
    app.addHook('preClose', async () => app.uploads.abortAll());
    await app.register(fileRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'files',
    dependencies: ['directory', 'tokens'],
    decorators: { fastify: ['directory', 'authenticate', 'database', 'tokens'] },
  },
);
