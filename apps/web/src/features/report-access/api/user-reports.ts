import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  dataOf,
  reportAccessEntrySchema,
  userReportsSchema,
  type ReportAccessEntry,
  type UserReports,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';

/** GET users/{id}/reports: the tree of the user's BI project and what they may see of it. */
export async function getUserReports(userId: number, signal?: AbortSignal): Promise<UserReports> {
  const { data } = await apiRequest(`users/${userId}/reports`, { schema: dataOf(userReportsSchema), signal });
  return data;
}

export const userReportsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.reports(userId),
    queryFn: ({ signal }) => getUserReports(userId, signal),
    retry: false,
  });

export const useUserReports = (userId: number, enabled = true) =>
  useQuery({ ...userReportsQueryOptions(userId), enabled });

/** POST users/{id}/reports {report_ids}: saved in one call; the answer is the new access list. */
export async function saveUserReports(userId: number, reportIds: string[]): Promise<ReportAccessEntry[]> {
  const { data } = await apiRequest(`users/${userId}/reports`, {
    method: 'POST',
    body: { report_ids: reportIds },
    schema: dataOf(z.array(reportAccessEntrySchema)),
  });
  return data;
}

/** Saved access changes what the user's NSBI Dashboards row shows too: every users query is stale. */
export function useSaveUserReports(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportIds: string[]) => saveUserReports(userId, reportIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
