import { DEFAULT_PAGE_SIZE, PAGE_SIZES, USER_SORT_COLUMNS } from '@portal/contract';

export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

/** The users list state, kept in the URL query so reload and back/forward keep it (SPEC §2). */
export type UsersListParams = {
  page: number;
  paginate: number;
  sortColumn: UserSortColumn;
  sortDirection: SortDirection;
  search: string;
  blocked: boolean;
};

export const DEFAULT_LIST_PARAMS: UsersListParams = {
  page: 1,
  paginate: DEFAULT_PAGE_SIZE,
  sortColumn: USER_SORT_COLUMNS[0],
  sortDirection: 'asc',
  search: '',
  blocked: false,
};

const oneOf = <T extends string | number>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/**
 * URL query → list state. Anything unusable falls back to its default instead of reaching the API
 * (which answers 422 for an unknown sortColumn or page size). `?blocked` alone means blocked too.
 */
export function parseListParams(query: URLSearchParams): UsersListParams {
  const page = Number(query.get('page'));
  const blocked = query.get('blocked');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    paginate: oneOf(PAGE_SIZES, Number(query.get('paginate')), DEFAULT_PAGE_SIZE),
    sortColumn: oneOf(USER_SORT_COLUMNS, query.get('sortColumn'), DEFAULT_LIST_PARAMS.sortColumn),
    sortDirection: oneOf(['asc', 'desc'] as const, query.get('sortDirection'), 'asc'),
    search: query.get('search') ?? '',
    blocked: blocked !== null && blocked !== '0' && blocked !== 'false',
  };
}

/** List state → URL query; defaults are left out to keep links short. */
export function toListQuery(params: UsersListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.blocked) query.set('blocked', '1');
  if (params.search !== '') query.set('search', params.search);
  if (params.sortColumn !== DEFAULT_LIST_PARAMS.sortColumn) query.set('sortColumn', params.sortColumn);
  if (params.sortDirection !== DEFAULT_LIST_PARAMS.sortDirection)
    query.set('sortDirection', params.sortDirection);
  if (params.paginate !== DEFAULT_LIST_PARAMS.paginate) query.set('paginate', String(params.paginate));
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

/** List state → `GET users` query (every parameter explicit). */
export function toApiQuery(params: UsersListParams): string {
  const query = new URLSearchParams({
    paginate: String(params.paginate),
    page: String(params.page),
    sortColumn: params.sortColumn,
    sortDirection: params.sortDirection,
  });
  const search = params.search.trim();
  if (search !== '') query.set('search', search);
  if (params.blocked) query.set('blocked', '1');
  return query.toString();
}

/**
 * A change to the list. Sorting, searching or a new page size start again at page 1 (SPEC §4);
 * the blocked filter is never changed here (it is the screen itself).
 */
export function applyListChange(
  current: UsersListParams,
  change: Partial<Omit<UsersListParams, 'blocked'>>,
): UsersListParams {
  const next = { ...current, ...change };
  const restart =
    (change.search !== undefined && change.search.trim() !== current.search.trim()) ||
    (change.sortColumn !== undefined && change.sortColumn !== current.sortColumn) ||
    (change.sortDirection !== undefined && change.sortDirection !== current.sortDirection) ||
    (change.paginate !== undefined && change.paginate !== current.paginate);
  return restart && change.page === undefined ? { ...next, page: 1 } : next;
}
