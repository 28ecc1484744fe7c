import { is, Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  likePattern,
  userPageQuery,
  usersOfPage,
  type PageDocument,
  type UserListFilter,
  type UserListOrder,
} from './list-queries';
import type { UserRecord } from './repository';

export type PageRead = { limit: number; offset: number; afterId?: number; withTotal: boolean };
export type UserPageRows = { rows: UserRecord[]; version: string; total: number | null };

type Row = Record<string, unknown>;
/** A session that runs simple-protocol SQL (several statements → one result each). */
type Session = { run(text: string): Promise<Array<{ rows: Row[] }>>; key: object; done(): void };
type Values = Record<string, string | number | number[] | undefined>;

/**
 * The list's statement is prepared once per connection (SQL PREPARE) per shape (state × search or
 * not × order × count × seek) and run with EXECUTE through the simple protocol:
 * - without a search, under a generic plan: planning this statement costs more than running it (at
 *   100,000 users in PostgreSQL, and much more in PGlite, where planning reads the size of every
 *   relation and index through the emulated file system), and its generic plan is the custom one:
 *   index order for the ids, primary keys for the rest;
 * - with a search, under a custom plan made at each call for that very pattern (a one-letter search
 *   must never get a generic plan that reads the whole trigram index); parsing is still saved.
 * The SET is scoped to the one call (its statements share an implicit transaction, so an error
 * undoes it); PGlite also needs two trips into its engine that way instead of six. Arguments are
 * checked integers, or text passed as hex digits the server decodes.
 */
const preparedIn = new WeakMap<object, Map<string, string[]>>();

type PgPool = {
  connect(): Promise<{ query(text: string): Promise<unknown>; release(): void }>;
};
type PgliteClient = { exec(text: string): Promise<Array<{ rows: Row[] }>> };

async function openSession(database: Pick<Database, 'db' | 'kind'>): Promise<Session> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PgliteClient;
    return { run: (text) => pglite.exec(text), key: pglite, done: () => {} };
  }
  const connection = await (client as PgPool).connect();
  return {
    run: async (text) => {
      const result = await connection.query(text);
      return (Array.isArray(result) ? result : [result]) as Array<{ rows: Row[] }>;
    },
    key: connection,
    done: () => connection.release(),
  };
}

const literal = (name: string, param: string, value: Values[string]) => {
  // Text goes in as hex digits, decoded by the server: nothing in it can end the literal.
  if (typeof value === 'string')
    return `convert_from(decode('${Buffer.from(value, 'utf8').toString('hex')}', 'hex'), 'UTF8')`;
  const ints = Array.isArray(value) ? value : [value];
  if (!ints.every((n) => typeof n === 'number' && Number.isSafeInteger(n))) {
    throw new Error(`${name}: ${param} must be integers`);
  }
  return Array.isArray(value) ? `'{${value.join(',')}}'` : String(value);
};

async function executePrepared(
  database: Pick<Database, 'db' | 'kind'>,
  plan: 'generic' | 'custom',
  name: string,
  build: () => { toSQL(): { sql: string; params: unknown[] } },
  values: Values,
): Promise<Row> {
  const session = await openSession(database);
  try {
    let byName = preparedIn.get(session.key);
    if (!byName) preparedIn.set(session.key, (byName = new Map()));
    let params = byName.get(name);
    if (!params) {
      const statement = build().toSQL();
      params = statement.params.map((p) => {
        if (!is(p, Placeholder)) throw new Error(`${name}: only placeholders may be parameters`);
        return p.name;
      });
      await session.run(`prepare ${name} as ${statement.sql}`);
      byName.set(name, params);
    }
    const args = params.map((p) => literal(name, p, values[p])).join(', ');
    const results = await session.run(
      `set plan_cache_mode = force_${plan}_plan; execute ${name}(${args}); reset plan_cache_mode`,
    );
    return results[1]!.rows[0]!;
  } finally {
    session.done();
  }
}

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
 * One page of the users list (see userPageQuery), one prepared statement: without a search under a
 * generic plan; with one under a plan made for that search at each call (see above), the pattern
 * passed as a value, never spliced into the statement's text.
 */
export async function selectUserPage(
  database: Pick<Database, 'db' | 'kind'>,
  filter: UserListFilter,
  order: UserListOrder,
  read: PageRead,
): Promise<UserPageRows> {
  const doc = (await executePrepared(
    database,
    filter.search ? 'custom' : 'generic',
    shapeName(filter, order, read),
    () =>
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
    {
      limit: read.limit,
      offset: read.offset,
      afterId: read.afterId,
      ...(filter.search && { pattern: likePattern(filter.search) }),
    },
  )) as PageDocument;
  return { rows: usersOfPage(doc), version: doc.version, total: doc.total };
}
