import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedUsersSchema, type PagedUsers, type USER_SORT_COLUMNS } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';
import { toApiQuery, type PagedListParams } from '../../../shared/ui/data-table/list-params';

/** The users list's state: the paged-list state and which list (active or blocked). */
export type UsersListParams = PagedListParams<(typeof USER_SORT_COLUMNS)[number]> & { blocked: boolean };

/** GET users?paginate&page&sortColumn&sortDirection&search&blocked → a page of users (admin). */
export async function getUsers(params: UsersListParams, signal?: AbortSignal): Promise<PagedUsers> {
  const query = toApiQuery(params, params.blocked ? { blocked: '1' } : {});
  return apiRequest(`users?${query}`, { schema: pagedUsersSchema, signal });
}

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // While the next page, sort or search loads, the previous rows stay (under an overlay).
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersListParams) => useQuery(usersQueryOptions(params));
