import * as z from 'zod/mini';

/** GET resource-links: where the framed pages (docs/product.md §2: Analysis, API summary, BI designers, specs) load from. */
export const resourceLinksSchema = z.object({
  analysis: z.string(),
  apiSummary: z.string(),
  biDesigner: z.string(),
  biDemoDesigner: z.string(),
  gen3Gen4Specs: z.string(),
});
export type ResourceLinks = z.infer<typeof resourceLinksSchema>;
