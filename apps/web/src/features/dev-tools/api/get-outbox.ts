import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedOutboxSchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** GET mail/outbox?page&paginate: mails the server kept instead of sending (admin, not production). */
export async function getOutbox(page: number, signal?: AbortSignal) {
  const { body } = await apiRequest<unknown>(`mail/outbox?page=${page}&paginate=25`, { signal });
  return pagedOutboxSchema.parse(body);
}

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['mail', 'outbox', page],
    queryFn: ({ signal }) => getOutbox(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
