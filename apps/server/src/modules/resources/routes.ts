import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { specsPdf } from './specs-pdf';

/** Where the resource frames (SPEC §2: Analysis, API summary, BI designers) load from. */
export const resourceLinksSchema = z.object({
  analysis: z.string(),
  apiSummary: z.string(),
  biDesigner: z.string(),
  biDemoDesigner: z.string(),
  gen3Gen4Specs: z.string(),
});

export const SPECS_PDF_PATH = '/docs/gen3-gen4-specs.pdf';

/** GET resource-links: the pages the portal frames, configured on the server. */
export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const bi = app.config.bi.publicUrl;
  const ts = app.config.linkedApps.ts;
  // The TS simulator serves the API summary beside its page; a real TS says where in TS_API_DOCS_URL.
  const apiSummary =
    app.config.resources.tsApiDocsUrl ??
    (ts.apiUrl ? `${new URL(ts.apiUrl).origin}/docs` : `${app.config.appUrl}/sim/ts/docs`);
  const links = {
    analysis: app.config.resources.analysisUrl ?? `${bi}/analysis`,
    apiSummary,
    biDesigner: `${bi}/`,
    biDemoDesigner: `${bi}/?demo=1`,
    gen3Gen4Specs: SPECS_PDF_PATH,
  };
  app.get(
    '/resource-links',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['resources'],
        security: bearerSecurity,
        summary: 'Where the Analysis, API summary, BI designer frames and the specs PDF load from',
        response: { 200: dataOf(resourceLinksSchema), ...errorResponses(401) },
      },
    },
    async () => ({ data: links }),
  );
};

/** The specs sheet, made once: a document (framed by Developer Resources), not API data. */
export const specsDocumentRoute: FastifyPluginAsync = async (app) => {
  const pdf = specsPdf();
  app.get(SPECS_PDF_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="gen3-gen4-specs.pdf"')
      .header('cache-control', 'public, max-age=3600')
      .send(pdf),
  );
};
