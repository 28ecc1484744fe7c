import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, reportItemListSchema, type ReportItem } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { biKeys } from '../../../shared/api/query-keys';

/**
 * GET dundas-bi/project/project-items: the caller's dashboards and reports. Quiet: the Reports
 * screen says itself what went wrong (maintenance page, "Oops! Could not get your dashboards.").
 */
export async function getProjectItems(
  options: { signal?: AbortSignal; refresh?: boolean } = {},
): Promise<ReportItem[]> {
  const { data } = await apiRequest(`dundas-bi/project/project-items${options.refresh ? '?refresh=1' : ''}`, {
    schema: dataOf(reportItemListSchema),
    signal: options.signal,
    quiet: true,
  });
  return data;
}

export const projectItemsQueryOptions = () =>
  queryOptions({
    queryKey: biKeys.projectItems(),
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
