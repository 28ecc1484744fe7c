import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, resourceLinksSchema, type ResourceLinks } from '@portal/contract';
import { apiRequest } from './api-client';
import { resourceLinkKeys } from './query-keys';

/** GET resource-links: where the framed pages (analysis, API summary, designers, specs) load from. */
export async function getResourceLinks(signal?: AbortSignal): Promise<ResourceLinks> {
  const { data } = await apiRequest('resource-links', { schema: dataOf(resourceLinksSchema), signal });
  return data;
}

export const resourceLinksQueryOptions = () =>
  queryOptions({
    queryKey: resourceLinkKeys.all,
    queryFn: ({ signal }) => getResourceLinks(signal),
    staleTime: Infinity,
  });

/** `enabled: false` for a user whose screen shows none of the links (the sidebar of a customer). */
export const useResourceLinks = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...resourceLinksQueryOptions(), enabled });
