import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportItemListSchema, type ReportItem } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET dundas-bi/project/project-items: the caller's dashboards and reports. Quiet: the Reports
 * screen says itself what went wrong (maintenance page, "Oops! Could not get your dashboards.").
 */
export async function getProjectItems(
  options: { signal?: AbortSignal; refresh?: boolean } = {},
): Promise<ReportItem[]> {
  const { body } = await apiRequest<{ data: unknown }>(
    `dundas-bi/project/project-items${options.refresh ? '?refresh=1' : ''}`,
    { signal: options.signal, quiet: true },
  );
  return reportItemListSchema.parse(body.data);
}

export const projectItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['bi', 'project-items'],
    queryFn: ({ signal }) => getProjectItems({ signal }),
    staleTime: 60_000,
    retry: false,
  });

export const useProjectItems = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectItemsQueryOptions(), enabled: options.enabled ?? true });

/** Refresh: the server walks the BI server again, and the screen shows what it found. */
export function useRefreshProjectItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getProjectItems({ refresh: true }),
    onSuccess: (items) => queryClient.setQueryData(projectItemsQueryOptions().queryKey, items),
  });
}
