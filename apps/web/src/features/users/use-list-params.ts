import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListChange, parseListParams, toListQuery, type UsersListParams } from './list-params';

/** The users list state from the URL, and a setter that pushes a history entry per change (or replaces it). */
export function useListParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseListParams(query), [query]);
  const change = useCallback(
    (patch: Partial<Omit<UsersListParams, 'blocked'>>, options: { replace?: boolean } = {}) =>
      setQuery((current) => toListQuery(applyListChange(parseListParams(current), patch)), options),
    [setQuery],
  );
  return [params, change] as const;
}
