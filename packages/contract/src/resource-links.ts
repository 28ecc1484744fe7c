import * as z from 'zod/mini';

/** GET resource-links: where the framed pages (docs/product.md §2: Analysis, API summary, BI designers, specs) and the sidebar's API Docs load from. */
export const resourceLinksSchema = z.object({
  analysis: z.string(),
  apiSummary: z.string(),
  biDesigner: z.string(),
  biDemoDesigner: z.string(),
  gen3Gen4Specs: z.string(),
  /** The API docs UI, or null when the server does not serve it (off in production unless API_DOCS=on). */
  apiDocs: z.nullable(z.string()),
});
export type ResourceLinks = z.infer<typeof resourceLinksSchema>;
