import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_FILTER_KEYS, AUDIT_SORT_COLUMNS } from '@portal/contract';
import { applyListChange, toListQuery } from '../../shared/ui/data-table/list-params';
import { AUDIT_DEFAULT_DIRECTION, parseAuditParams, type AuditParams } from './api/get-audit-log';

/**
 * The audit log's state in the URL: the shared list state (page, size, order) and the filters, so a
 * link such as a user's "Activity" (?target=7) opens the screen filtered, and reload and
 * back/forward keep it. A new filter starts again at page 1, as a new search does.
 */
export function useAuditParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseAuditParams(query), [query]);

  const change = useCallback(
    (patch: Partial<AuditParams>, options: { replace?: boolean } = {}) =>
      setQuery((current) => {
        const before = parseAuditParams(current);
        const filters = AUDIT_FILTER_KEYS.filter((key) => patch[key] !== undefined);
        const refiltered = filters.some((key) => patch[key]!.trim() !== before[key].trim());
        const list = applyListChange(before, {
          ...patch,
          ...(refiltered && patch.page === undefined && { page: 1 }),
        });
        const next = toListQuery(current, list, AUDIT_SORT_COLUMNS, AUDIT_DEFAULT_DIRECTION);
        for (const key of filters) {
          const value = patch[key]!.trim();
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      }, options),
    [setQuery],
  );
  return [params, change] as const;
}
