import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedNsbiUsersSchema, type NSBI_USER_SORT_COLUMNS, type PagedNsbiUsers } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';
import { toApiQuery, type PagedListParams } from '../../../shared/ui/data-table/list-params';

export type NsbiUsersListParams = PagedListParams<(typeof NSBI_USER_SORT_COLUMNS)[number]>;

/** GET dundas-bi/project/users-project-items: a page of NSBI users with what each sees (admin). */
export async function getNsbiUsers(
  params: NsbiUsersListParams,
  signal?: AbortSignal,
): Promise<PagedNsbiUsers> {
  return apiRequest(`dundas-bi/project/users-project-items?${toApiQuery(params)}`, {
    schema: pagedNsbiUsersSchema,
    signal,
  });
}

export const nsbiUsersQueryOptions = (params: NsbiUsersListParams) =>
  queryOptions({
    queryKey: userKeys.nsbiList(params),
    queryFn: ({ signal }) => getNsbiUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useNsbiUsers = (params: NsbiUsersListParams) => useQuery(nsbiUsersQueryOptions(params));
