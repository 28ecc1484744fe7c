import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contract';

export type SortDirection = 'asc' | 'desc';

/**
 * A server-paged list's state (page, size, sort, search), kept in the URL query so reload and
 * back/forward keep it (docs/product.md §2 Users). Every paged admin table reads it the same way.
 */
export type PagedListParams<C extends string = string> = {
  page: number;
  paginate: number;
  sortColumn: C;
  sortDirection: SortDirection;
  search: string;
};

/** The columns a list may be sorted by; the first is the default (docs/product.md §9: id, ascending). */
export type SortColumns<C extends string> = readonly [C, ...C[]];

/** The URL keys this state owns; any other key of the query (e.g. `blocked`) is left alone. */
const LIST_KEYS = ['search', 'sortColumn', 'sortDirection', 'paginate', 'page'] as const;

export const defaultListParams = <C extends string>(sortColumns: SortColumns<C>): PagedListParams<C> => ({
  page: 1,
  paginate: DEFAULT_PAGE_SIZE,
  sortColumn: sortColumns[0],
  sortDirection: 'asc',
  search: '',
});

const oneOf = <T extends string | number>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/**
 * URL query → list state. Anything unusable falls back to its default instead of reaching the API
 * (which answers 422 for an unknown sortColumn or page size).
 */
export function parseListParams<C extends string>(
  query: URLSearchParams,
  sortColumns: SortColumns<C>,
  defaultDirection: SortDirection = 'asc',
): PagedListParams<C> {
  const page = Number(query.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    paginate: oneOf(PAGE_SIZES, Number(query.get('paginate')), DEFAULT_PAGE_SIZE),
    sortColumn: oneOf(sortColumns, query.get('sortColumn'), sortColumns[0]),
    sortDirection: oneOf(['asc', 'desc'] as const, query.get('sortDirection'), defaultDirection),
    search: query.get('search') ?? '',
  };
}

/**
 * List state → URL query, keeping the query's other keys first; defaults are left out to keep
 * links short. `defaultDirection` is the list's own (the audit log is newest first).
 */
export function toListQuery<C extends string>(
  current: URLSearchParams,
  params: PagedListParams<C>,
  sortColumns: SortColumns<C>,
  defaultDirection: SortDirection = 'asc',
): URLSearchParams {
  const query = new URLSearchParams(current);
  for (const key of LIST_KEYS) query.delete(key);
  if (params.search !== '') query.set('search', params.search);
  if (params.sortColumn !== sortColumns[0]) query.set('sortColumn', params.sortColumn);
  if (params.sortDirection !== defaultDirection) query.set('sortDirection', params.sortDirection);
  if (params.paginate !== DEFAULT_PAGE_SIZE) query.set('paginate', String(params.paginate));
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

/** List state → the API's query (every parameter explicit, the search trimmed). */
export function toApiQuery(params: PagedListParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    paginate: String(params.paginate),
    page: String(params.page),
    sortColumn: params.sortColumn,
    sortDirection: params.sortDirection,
  });
  const search = params.search.trim();
  if (search !== '') query.set('search', search);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** Sorting, searching or a new page size start again at page 1 (docs/product.md §4). */
export function applyListChange<C extends string>(
  current: PagedListParams<C>,
  change: Partial<PagedListParams<C>>,
): PagedListParams<C> {
  const next = { ...current, ...change };
  const restart =
    (change.search !== undefined && change.search.trim() !== current.search.trim()) ||
    (change.sortColumn !== undefined && change.sortColumn !== current.sortColumn) ||
    (change.sortDirection !== undefined && change.sortDirection !== current.sortDirection) ||
    (change.paginate !== undefined && change.paginate !== current.paginate);
  return restart && change.page === undefined ? { ...next, page: 1 } : next;
}
