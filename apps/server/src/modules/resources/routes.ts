import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, resourceLinksSchema } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../tokens';
import { SPECS_PDF_PATH } from './service';

/** GET resource-links: the pages the portal frames, configured on the server. */
export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resource-links',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getResourceLinks',
        tags: ['resources'],
        security: bearerSecurity,
        summary:
          'Where the Analysis, API summary, BI designer frames, the specs PDF and the API docs load from (each for the roles that have its screen)',
        response: { 200: dataOf(resourceLinksSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: app.resources.links(authOf(request).user) }),
  );
};

/** The specs sheet at its own path (outside the API): a document, not API data. */
export const specsDocumentRoute: FastifyPluginAsync = async (app) => {
  app.get(SPECS_PDF_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="gen3-gen4-specs.pdf"')
      .header('cache-control', 'public, max-age=3600')
      .send(app.resources.specsPdf()),
  );
};
