import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkJobResponseSchema, type BulkJob, type BulkUsersRequest } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { bulkJobKeys, userKeys } from '../../../shared/api/query-keys';

/** POST users/bulk → 202 {data: the job, just started}; the run goes on on the server. */
async function startBulkJob(body: BulkUsersRequest): Promise<BulkJob> {
  const { data } = await apiRequest('users/bulk', { method: 'POST', body, schema: bulkJobResponseSchema });
  return data;
}

/** GET users/bulk/{id} → the job's state and counts so far. */
async function getBulkJob(id: number, signal?: AbortSignal): Promise<BulkJob> {
  const { data } = await apiRequest(`users/bulk/${id}`, { schema: bulkJobResponseSchema, signal });
  return data;
}

/** How often a running job is read again: its counts move every second on the server. */
const POLL_MS = 750;

const bulkJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bulkJobKeys.detail(id),
    queryFn: ({ signal }) => getBulkJob(id, signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
    staleTime: 0,
  });

export const useStartBulkJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulkJob,
    // 409: the list changed since the admin counted it (or a job of theirs still runs): show it as it is.
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
};

/**
 * The job `id` (none: nothing), read until it is over. When it is, every users screen is stale
 * (the lists, users and NSBI screens may show what changed) and `onFinished` hears of it once.
 */
export function useBulkJob(id: number | null, onFinished: (job: BulkJob) => void) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...bulkJobQueryOptions(id ?? 0), enabled: id !== null });
  const told = useRef<number | null>(null);
  const job = id === null ? undefined : query.data;
  useEffect(() => {
    if (!job || job.state === 'running' || told.current === job.id) return;
    told.current = job.id;
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    onFinished(job);
  }, [job, onFinished, queryClient]);
  return { job, error: id === null ? null : query.error };
}
