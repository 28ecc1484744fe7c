import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { AUDIT_FILTERS, parseAuditParams, type AuditParams } from './api/get-audit-log';

/**
 * The audit log's state in the URL (page, size, order, and the filters), so a link such as a user's
 * "Activity" (?target=7) opens the screen filtered, and reload and back/forward keep it. Newest first
 * unless `sortDirection=asc`.
 */
export function useAuditParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseAuditParams(query), [query]);

  const change = useCallback(
    (patch: Partial<AuditParams>, options: { replace?: boolean } = {}) =>
      setQuery((current) => {
        const next = new URLSearchParams(current);
        const restart = Object.keys(patch).some((key) => key !== 'page');
        const set = (key: string, value: string, fallback: string) =>
          value === fallback ? next.delete(key) : next.set(key, value);
        if (patch.sortDirection) set('sortDirection', patch.sortDirection, 'desc');
        if (patch.paginate) set('paginate', String(patch.paginate), String(DEFAULT_PAGE_SIZE));
        for (const key of AUDIT_FILTERS) {
          const value = patch[key];
          if (value !== undefined) set(key, value.trim(), '');
        }
        // A new filter, order or page size starts again at page 1 (docs/product.md §4).
        if (patch.page !== undefined) set('page', String(patch.page), '1');
        else if (restart) next.delete('page');
        return next;
      }, options),
    [setQuery],
  );
  return [params, change] as const;
}
