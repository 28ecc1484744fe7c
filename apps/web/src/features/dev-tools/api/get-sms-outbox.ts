import { queryOptions, useQuery } from '@tanstack/react-query';
import { smsOutboxSchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { smsOutboxKeys } from '../../../shared/api/query-keys';

/** GET sms/outbox: the newest texts the SMS gateway (in development, its simulator) holds (admin, not production). */
export async function getSmsOutbox(signal?: AbortSignal) {
  const { data } = await apiRequest('sms/outbox', { schema: smsOutboxSchema, signal });
  return data;
}

export const smsOutboxQueryOptions = () =>
  queryOptions({
    queryKey: smsOutboxKeys.all,
    queryFn: ({ signal }) => getSmsOutbox(signal),
    staleTime: 0,
  });

export const useSmsOutbox = () => useQuery(smsOutboxQueryOptions());
