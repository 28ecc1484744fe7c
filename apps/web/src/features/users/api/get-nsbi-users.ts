import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pagedNsbiUsersSchema, type PagedNsbiUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';
import { toApiQuery, type UsersListParams } from '../list-params';

/** GET dundas-bi/project/users-project-items: a page of NSBI users with what each sees (admin). */
export async function getNsbiUsers(params: UsersListParams, signal?: AbortSignal): Promise<PagedNsbiUsers> {
  const query = toApiQuery({ ...params, blocked: false });
  const { body } = await apiRequest<unknown>(`dundas-bi/project/users-project-items?${query}`, { signal });
  return pagedNsbiUsersSchema.parse(body);
}

export const useNsbiUsers = (params: UsersListParams) =>
  useQuery({
    queryKey: [...USERS_QUERY_ROOT, 'nsbi', params],
    queryFn: ({ signal }) => getNsbiUsers(params, signal),
    placeholderData: keepPreviousData,
  });
