import * as z from 'zod/mini';

/** GET resource-links: where the framed pages (docs/product.md §2: Analysis, API summary, BI designers, specs) and the sidebar's API Docs load from. */
export const resourceLinksSchema = z.object({
  /** The Analysis page: every signed-in user. */
  analysis: z.string(),
  /** Developer Resources: admins and developers only (absent for other roles). */
  apiSummary: z.optional(z.string()),
  /** The BI designers: admins only. */
  biDesigner: z.optional(z.string()),
  biDemoDesigner: z.optional(z.string()),
  gen3Gen4Specs: z.optional(z.string()),
  /** The API docs UI, or null when the server does not serve it (off in production unless API_DOCS=on). */
  apiDocs: z.optional(z.nullable(z.string())),
});
export type ResourceLinks = z.infer<typeof resourceLinksSchema>;
