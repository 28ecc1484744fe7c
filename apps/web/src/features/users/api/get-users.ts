import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedUsersSchema, type PagedUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';
import { toApiQuery, type UsersListParams } from '../list-params';

/** GET users?paginate&page&sortColumn&sortDirection&search&blocked → a page of users (admin). */
export async function getUsers(params: UsersListParams, signal?: AbortSignal): Promise<PagedUsers> {
  const { body } = await apiRequest<unknown>(`users?${toApiQuery(params)}`, { signal });
  return pagedUsersSchema.parse(body);
}

export const usersListQueryRoot = [...USERS_QUERY_ROOT, 'list'] as const;

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: [...usersListQueryRoot, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // While the next page, sort or search loads, the previous rows stay (under an overlay).
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersListParams) => useQuery(usersQueryOptions(params));
