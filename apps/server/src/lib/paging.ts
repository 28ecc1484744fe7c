// Paging for every list that pages (users, NSBI dashboards, the audit log): generic, so not any one
// module's.

/** Pages shown around the current one in meta.links; gaps become a "..." entry without a url. */
const EACH_SIDE = 2;

/**
 * The paged shape of docs/api.md (docs/product.md §3 "Paged users response") around any rows: `url(n)` is the
 * list's own query for page n.
 */
export function presentPage<Row>(
  page: { rows: Row[]; total: number; page: number; perPage: number },
  url: (n: number) => string,
) {
  const { total, perPage } = page;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = page.page;
  const from = page.rows.length ? (current - 1) * perPage + 1 : null;
  const shown = [...new Set([1, 2, lastPage - 1, lastPage])]
    .concat(Array.from({ length: EACH_SIDE * 2 + 1 }, (_, i) => current - EACH_SIDE + i))
    .filter((n, i, all) => n >= 1 && n <= lastPage && all.indexOf(n) === i)
    .sort((a, b) => a - b);
  const numbered = shown.flatMap((n, i) => {
    const link = { label: String(n), url: url(n), active: n === current };
    return i > 0 && n - shown[i - 1]! > 1 ? [{ label: '...', url: null, active: false }, link] : [link];
  });
  return {
    data: page.rows,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: current > 1 ? url(Math.min(current - 1, lastPage)) : null,
      next: current < lastPage ? url(current + 1) : null,
    },
    meta: {
      current_page: current,
      per_page: perPage,
      total,
      last_page: lastPage,
      from,
      to: from === null ? null : from + page.rows.length - 1,
      links: [
        {
          label: '« Previous',
          url: current > 1 ? url(Math.min(current - 1, lastPage)) : null,
          active: false,
        },
        ...numbered,
        { label: 'Next »', url: current < lastPage ? url(current + 1) : null, active: false },
      ],
    },
  };
}

/** The query string of page n of a list (its page size, order and search kept). */
export function pageQuery(
  query: { sortColumn: string; sortDirection: string; search?: string | null },
  perPage: number,
  extra: Record<string, string> = {},
) {
  return (n: number) => {
    const params = new URLSearchParams({
      paginate: String(perPage),
      page: String(n),
      sortColumn: query.sortColumn,
      sortDirection: query.sortDirection,
    });
    if (query.search) params.set('search', query.search);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    return params.toString();
  };
}
