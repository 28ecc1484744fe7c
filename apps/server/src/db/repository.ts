import type { Db } from './client';
import type { Executor, Tx } from './types';

/**
 * A repository: the queries of one table or aggregate, over the app's database, and `in(tx)` for
 * the same queries inside a caller's transaction (so a change and its audit row commit together).
 * Services receive repositories; only repositories hold SQL.
 */
export type Repository<Q> = Q & { in(tx: Tx): Q };

/**
 * Prepared statements kept per database and shape (`shape` names one of a query's variants): drizzle
 * builds each once, and PostgreSQL parses and plans it once per connection. The cache answers the
 * statement of a database and shape, made by `build` the first time it is asked for.
 */
export function preparedPerDatabase<S>() {
  const byDatabase = new WeakMap<Executor, Map<string, S>>();
  return (db: Executor, shape: string, build: () => S): S => {
    let shapes = byDatabase.get(db);
    if (!shapes) byDatabase.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = build()));
    return statement;
  };
}

/** Makes a repository factory from a function of the executor its queries run on. */
export function defineRepository<Q extends object>(queries: (db: Executor) => Q) {
  return (db: Db): Repository<Q> => ({ ...queries(db), in: (tx: Tx) => queries(tx) });
}
