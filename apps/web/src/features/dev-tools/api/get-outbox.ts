import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedOutboxSchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { outboxKeys } from '../../../shared/api/query-keys';

/** GET mail/outbox?page&paginate: mails the server kept instead of sending (admin, not production). */
export async function getOutbox(page: number, signal?: AbortSignal) {
  return apiRequest(`mail/outbox?page=${page}&paginate=25`, { schema: pagedOutboxSchema, signal });
}

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: outboxKeys.page(page),
    queryFn: ({ signal }) => getOutbox(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
