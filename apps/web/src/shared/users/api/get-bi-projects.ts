import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { biProjectSchema, type BiProject } from '@portal/contract';
import { api } from '../../api/api-client';

/**
 * GET dundas-bi/project/all → [{projectId, name}]: the BI server's projects. When it cannot be read
 * (BI server down: 502) the forms show the project field disabled, never invented options.
 */
export async function getBiProjects(signal?: AbortSignal): Promise<BiProject[]> {
  return z.array(biProjectSchema).parse(await api.get<unknown>('dundas-bi/project/all', { signal }));
}

export const biProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['bi', 'projects'],
    queryFn: ({ signal }) => getBiProjects(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useBiProjects = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...biProjectsQueryOptions(), enabled: options.enabled ?? true });
