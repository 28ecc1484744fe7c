import type { UsersQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { PageSeekMemo, UserCountMemo } from './memo';
import { countUsers, selectPageBoundaries, type UserListFilter } from './sql-repository';
import { selectUserPage } from './prepared-repository';
import type { UserRecord } from '../../directory';

export type UserPage = {
  rows: UserRecord[];
  total: number;
  page: number;
  perPage: number;
  query: UsersQuery;
};

export type UserListMemos = { counts: UserCountMemo; seeks: PageSeekMemo };
export const newUserListMemos = (seekStride?: number): UserListMemos => ({
  counts: new UserCountMemo(),
  seeks: new PageSeekMemo(seekStride),
});

/** Control characters never occur in a search; chr(31) separates the fields of search_text. */
export const cleanSearch = (search: string | undefined) => {
  // eslint-disable-next-line no-control-regex
  const cleaned = (search ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned;
};

/**
 * GET users. Usually one statement: the page, the list version and (when not remembered) the total.
 * A remembered total or seek row is used only if the version the page statement read is the one it
 * was remembered at; otherwise the page is read again plainly and the memory refreshed.
 */
export async function listUsers(
  database: Pick<Database, 'db' | 'query'>,
  memos: UserListMemos,
  query: UsersQuery,
): Promise<UserPage> {
  const filter: UserListFilter = { blocked: query.blocked, search: cleanSearch(query.search) };
  const order = { column: query.sortColumn, direction: query.sortDirection };
  const perPage = query.paginate;
  const offset = (query.page - 1) * perPage;
  const deep = offset >= memos.seeks.stride;

  const remembered = memos.counts.get(filter);
  const boundaries = deep ? memos.seeks.get(filter, order) : undefined;
  const seek = boundaries && memos.seeks.seekFor(boundaries.value, offset);
  const read = (from: { offset: number; afterId?: number }) =>
    selectUserPage(database, filter, order, { limit: perPage, ...from, withTotal: !remembered });

  let page = await read(seek ?? { offset });
  if (seek && page.version !== boundaries.version) {
    // Users changed since those rows were remembered: read the page plainly.
    memos.seeks.delete(filter, order);
    page = await read({ offset });
  }
  if (deep && page.version !== boundaries?.version) {
    const fresh = await selectPageBoundaries(database.db, filter, order, memos.seeks.stride);
    memos.seeks.set(filter, order, fresh.version, fresh.ids);
  }

  let total: number;
  if (page.total !== null) {
    total = page.total;
    memos.counts.set(filter, page.version, total);
  } else if (remembered?.version === page.version) {
    total = remembered.value;
  } else {
    const counted = await countUsers(database.db, filter);
    total = counted.total;
    memos.counts.set(filter, counted.version, total);
  }
  return { rows: page.rows, total, page: query.page, perPage, query };
}
