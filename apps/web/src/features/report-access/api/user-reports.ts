import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  reportAccessEntrySchema,
  userReportsSchema,
  type ReportAccessEntry,
  type UserReports,
} from '@portal/contract';
import { api } from '../../../shared/api/api-client';

/** GET users/{id}/reports: the tree of the user's BI project and what they may see of it. */
export const userReportsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'reports'],
    queryFn: async ({ signal }): Promise<UserReports> =>
      userReportsSchema.parse(await api.get<unknown>(`users/${userId}/reports`, { signal })),
    retry: false,
  });

export const useUserReports = (userId: number, enabled = true) =>
  useQuery({ ...userReportsQueryOptions(userId), enabled });

/** POST users/{id}/reports {report_ids}: saved in one call; the answer is the new access list. */
export function useSaveUserReports(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reportIds: string[]): Promise<ReportAccessEntry[]> =>
      z
        .array(reportAccessEntrySchema)
        .parse(await api.post<unknown>(`users/${userId}/reports`, { report_ids: reportIds })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userReportsQueryOptions(userId).queryKey }),
  });
}
