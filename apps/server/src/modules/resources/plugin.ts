import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { resourceRoutes, specsDocumentRoute } from './routes';
import { createResourceService, type ResourceService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Developer Resources: framed pages and the specs sheet (modules/resources). */
    resources: ResourceService;
  }
}

/** The resources module: resource-links under the API, the specs PDF at its document path. */
export const resourcesModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('resources', createResourceService(app.config));
    await app.register(resourceRoutes, { prefix: API_PREFIX });
    await app.register(specsDocumentRoute);
  },
  {
    name: 'resources',
    dependencies: ['tokens'],
    decorators: { fastify: ['authenticate', 'config'] },
  },
);
