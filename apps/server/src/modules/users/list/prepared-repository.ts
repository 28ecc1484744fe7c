import { is, Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { UserRecord } from '../../directory';
import { likePattern } from '../../../lib/like';
import {
  userPageQuery,
  usersOfPage,
  type PageDocument,
  type UserListFilter,
  type UserListOrder,
} from './sql-repository';

export type PageRead = { limit: number; offset: number; afterId?: number; withTotal: boolean };
export type UserPageRows = { rows: UserRecord[]; version: string; total: number | null };

type Value = string | number;
/** A shape's SQL text, and which named value goes in each of its $n parameters. */
type Statement = { text: string; params: string[] };

/** One statement text per shape, built once per process (the text does not depend on the database). */
const statements = new Map<string, Statement>();

function statementOf(name: string, build: () => { toSQL(): { sql: string; params: unknown[] } }): Statement {
  let statement = statements.get(name);
  if (!statement) {
    const { sql: text, params } = build().toSQL();
    statement = {
      text,
      params: params.map((p) => {
        if (!is(p, Placeholder)) throw new Error(`${name}: only placeholders may be parameters`);
        return p.name;
      }),
    };
    statements.set(name, statement);
  }
  return statement;
}

const valuesOf = (statement: Statement, name: string, values: Record<string, Value | undefined>) =>
  statement.params.map((param) => {
    const value = values[param];
    if (value === undefined) throw new Error(`${name}: no value for ${param}`);
    return value;
  });

const shapeName = (filter: UserListFilter, order: UserListOrder, read: PageRead) =>
  [
    'users_page',
    filter.blocked ? 'blocked' : 'active',
    filter.search ? 'search' : 'all',
    order.column.toLowerCase(),
    order.direction,
    read.withTotal ? 'total' : 'nototal',
    read.afterId === undefined ? 'offset' : 'seek',
  ].join('_');

/**
 * One page of the users list (see userPageQuery) in one statement, its arguments bound parameters.
 * There is a statement per shape (state × search or not × order × count × seek), run by
 * Database.query:
 * - without a search under a generic plan, parsed once (per connection): planning it costs more
 *   than running it, and its generic plan is the custom one — index order for the ids, primary keys
 *   for the rest;
 * - with a search under a plan made for that very pattern at each call: a one-letter search must
 *   never run a generic plan that reads the whole trigram index (on PostgreSQL an unnamed statement:
 *   a named one may switch to its generic plan after five runs).
 */
export async function selectUserPage(
  database: Pick<Database, 'db' | 'query'>,
  filter: UserListFilter,
  order: UserListOrder,
  read: PageRead,
): Promise<UserPageRows> {
  const name = shapeName(filter, order, read);
  const statement = statementOf(name, () =>
    userPageQuery(
      database.db,
      { blocked: filter.blocked, search: filter.search && sql.placeholder('pattern') },
      order,
      {
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        ...(read.afterId !== undefined && { afterId: sql.placeholder('afterId') }),
        withTotal: read.withTotal,
      },
    ),
  );
  const values = valuesOf(statement, name, {
    limit: read.limit,
    offset: read.offset,
    afterId: read.afterId,
    pattern: filter.search ? likePattern(filter.search) : undefined,
  });
  const [doc] = (await database.query({
    name,
    plan: filter.search ? 'custom' : 'generic',
    text: statement.text,
    values,
  })) as unknown as [PageDocument];
  return { rows: usersOfPage(doc), version: doc.version, total: doc.total };
}
