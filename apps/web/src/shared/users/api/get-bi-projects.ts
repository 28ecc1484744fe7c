import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { biProjectSchema, dataOf, type BiProject } from '@portal/contract';
import { apiRequest } from '../../api/api-client';
import { biKeys } from '../../api/query-keys';

/**
 * GET dundas-bi/project/all → [{projectId, name}]: the BI server's projects. When it cannot be read
 * (BI server down: 502) the forms show the project field disabled, never invented options.
 */
export async function getBiProjects(signal?: AbortSignal): Promise<BiProject[]> {
  const { data } = await apiRequest('dundas-bi/project/all', {
    schema: dataOf(z.array(biProjectSchema)),
    signal,
  });
  return data;
}

export const biProjectsQueryOptions = () =>
  queryOptions({
    queryKey: biKeys.projects(),
    queryFn: ({ signal }) => getBiProjects(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useBiProjects = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...biProjectsQueryOptions(), enabled: options.enabled ?? true });
