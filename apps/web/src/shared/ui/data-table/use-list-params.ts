import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListChange,
  parseListParams,
  toListQuery,
  type PagedListParams,
  type SortColumns,
} from './list-params';

export type ListChange<C extends string> = (
  patch: Partial<PagedListParams<C>>,
  options?: { replace?: boolean },
) => void;

/** A paged list's state from the URL, and a setter that pushes a history entry per change (or replaces it). */
export function useListParams<C extends string>(sortColumns: SortColumns<C>) {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseListParams(query, sortColumns), [query, sortColumns]);
  const change = useCallback<ListChange<C>>(
    (patch, options = {}) =>
      setQuery(
        (current) =>
          toListQuery(current, applyListChange(parseListParams(current, sortColumns), patch), sortColumns),
        options,
      ),
    [setQuery, sortColumns],
  );
  return [params, change] as const;
}
