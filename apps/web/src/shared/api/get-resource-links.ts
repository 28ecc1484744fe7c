import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client';

const resourceLinksSchema = z.object({
  analysis: z.string(),
  apiSummary: z.string(),
  biDesigner: z.string(),
  biDemoDesigner: z.string(),
  gen3Gen4Specs: z.string(),
});
export type ResourceLinks = z.infer<typeof resourceLinksSchema>;

/** GET resource-links: where the framed pages (analysis, API summary, designers, specs) load from. */
export const resourceLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['resource-links'],
    queryFn: async ({ signal }) =>
      resourceLinksSchema.parse(await api.get<unknown>('resource-links', { signal })),
    staleTime: Infinity,
  });

export const useResourceLinks = () => useQuery(resourceLinksQueryOptions());
