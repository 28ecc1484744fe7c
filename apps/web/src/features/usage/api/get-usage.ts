import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, usageSchema, type Usage } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { usageKeys } from '../../../shared/api/query-keys';

/** GET usage/clicks?days=: NS BI usage over the last `days` days (admin). */
export async function getUsage(days: number, signal?: AbortSignal): Promise<Usage> {
  const { data } = await apiRequest(`usage/clicks?days=${days}`, { schema: dataOf(usageSchema), signal });
  return data;
}

export const usageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: usageKeys.clicks(days),
    queryFn: ({ signal }) => getUsage(days, signal),
    placeholderData: keepPreviousData,
  });

export const useUsage = (days: number) => useQuery(usageQueryOptions(days));
