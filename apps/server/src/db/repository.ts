import type { Db } from './client';
import type { Executor, Tx } from './types';

/**
 * A repository: the queries of one table or aggregate, over the app's database, and `in(tx)` for
 * the same queries inside a caller's transaction (so a change and its audit row commit together).
 * Services receive repositories; only repositories hold SQL.
 */
export type Repository<Q> = Q & { in(tx: Tx): Q };

/** Makes a repository factory from a function of the executor its queries run on. */
export function defineRepository<Q extends object>(queries: (db: Executor) => Q) {
  return (db: Db): Repository<Q> => ({ ...queries(db), in: (tx: Tx) => queries(tx) });
}
