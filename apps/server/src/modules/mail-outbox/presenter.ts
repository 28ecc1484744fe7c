import type { OutboxMail } from '@portal/contract';
import type { OutboxRow as Row } from './repository';

export const presentOutboxMail = (row: Row): OutboxMail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  createdAt: row.createdAt.toISOString(),
});

/** The paged shape of docs/product.md §3. */
export function presentOutboxPage(
  rows: Row[],
  p: { page: number; perPage: number; total: number; baseUrl: string },
) {
  const lastPage = Math.max(1, Math.ceil(p.total / p.perPage));
  const url = (page: number) => `${p.baseUrl}?page=${page}&paginate=${p.perPage}`;
  const from = rows.length ? (p.page - 1) * p.perPage + 1 : null;
  return {
    data: rows.map(presentOutboxMail),
    links: {
      first: url(1),
      last: url(lastPage),
      prev: p.page > 1 ? url(p.page - 1) : null,
      next: p.page < lastPage ? url(p.page + 1) : null,
    },
    meta: {
      current_page: p.page,
      per_page: p.perPage,
      total: p.total,
      last_page: lastPage,
      from,
      to: from === null ? null : from + rows.length - 1,
      links: Array.from({ length: lastPage }, (_, i) => ({
        label: String(i + 1),
        url: url(i + 1),
        active: i + 1 === p.page,
      })),
    },
  };
}
