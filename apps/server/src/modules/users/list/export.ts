import type { UsersQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import type { UserRecord } from '../../directory';
import { selectUserPage } from './prepared-repository';
import { cleanSearch } from './engine';

/** Users an export reads per statement: one page document of this size is all it holds at once. */
export const USER_EXPORT_BATCH = 500;

/**
 * Every user of the list's filter (search, blocked) in its order, for GET users/export: the page
 * statement of the list, each next batch sought from the last row of the one before (keyset), so
 * the 1,000th batch costs what the first does and memory stays at one batch.
 */
export async function* exportUsers(
  database: Pick<Database, 'db' | 'query'>,
  query: Pick<UsersQuery, 'blocked' | 'search' | 'sortColumn' | 'sortDirection'>,
): AsyncGenerator<UserRecord> {
  const filter = { blocked: query.blocked, search: cleanSearch(query.search) };
  const order = { column: query.sortColumn, direction: query.sortDirection };
  let afterId: number | undefined;
  for (;;) {
    const { rows } = await selectUserPage(database, filter, order, {
      limit: USER_EXPORT_BATCH,
      offset: 0,
      afterId,
      withTotal: false,
    });
    yield* rows;
    // A user deleted between two batches ends the seek early only if it was the very last row read.
    if (rows.length < USER_EXPORT_BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
