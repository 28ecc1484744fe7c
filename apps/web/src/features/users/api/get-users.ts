import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SORT_COLUMNS, pagedUsersSchema, type PagedUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';
import { parseListParams, toApiQuery, type PagedListParams } from '../../../shared/ui/data-table/list-params';

/** The users list's state: the paged-list state and which list (active or blocked). */
export type UsersListParams = PagedListParams<(typeof USER_SORT_COLUMNS)[number]> & { blocked: boolean };

/** `?blocked` (any value but 0/false, or none) is the Blocked Users screen (docs/api.md "Blocked list URL"). */
export const isBlockedList = (query: URLSearchParams) => {
  const blocked = query.get('blocked');
  return blocked !== null && blocked !== '0' && blocked !== 'false';
};

/** The list a Users address shows (what the screen asks, and a prefetch asks before it). */
export const usersListParamsOf = (query: URLSearchParams): UsersListParams => ({
  ...parseListParams(query, USER_SORT_COLUMNS),
  blocked: isBlockedList(query),
});

/** The API query of a users list (the list and its export ask the same). */
export const usersApiQuery = (params: UsersListParams) =>
  toApiQuery(params, params.blocked ? { blocked: '1' } : {});

/** GET users?paginate&page&sortColumn&sortDirection&search&blocked → a page of users (admin). */
export async function getUsers(params: UsersListParams, signal?: AbortSignal): Promise<PagedUsers> {
  return apiRequest(`users?${usersApiQuery(params)}`, { schema: pagedUsersSchema, signal });
}

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // While the next page, sort or search loads, the previous rows stay (under an overlay).
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersListParams) => useQuery(usersQueryOptions(params));
