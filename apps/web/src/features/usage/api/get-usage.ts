import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usageSchema, type Usage } from '@portal/contract';
import { api } from '../../../shared/api/api-client';

/** GET usage/clicks?days=: NS BI usage over the last `days` days (admin). */
export const useUsage = (days: number) =>
  useQuery({
    queryKey: ['usage', days],
    queryFn: async ({ signal }): Promise<Usage> =>
      usageSchema.parse(await api.get<unknown>(`usage/clicks?days=${days}`, { signal })),
    placeholderData: keepPreviousData,
  });
