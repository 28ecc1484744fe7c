import { is, Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  documentQuery,
  searchedIdsQuery,
  userPageQuery,
  usersOfPage,
  type PageDocument,
  type UserListFilter,
  type UserListOrder,
} from './list-queries';
import type { UserRecord } from './queries';

export type PageRead = { limit: number; offset: number; afterId?: number; withTotal: boolean };
export type UserPageRows = { rows: UserRecord[]; version: string; total: number | null };

type Row = Record<string, unknown>;
/** A session that runs simple-protocol SQL (several statements → one result each). */
type Session = { run(text: string): Promise<Array<{ rows: Row[] }>>; key: object; done(): void };
type Values = Record<string, number | number[] | undefined>;

/**
 * The list's statements without free text (a page without a search: state × order × count × seek;
 * the document of a page's ids) are prepared once per connection with SQL PREPARE and run with
 * EXECUTE under a generic plan. Planning this statement costs more than running it (at 100,000
 * users in PostgreSQL, and much more in PGlite, where planning reads the size of every relation and
 * index through the emulated file system), and its generic plan is the custom one: index order for
 * the ids, primary keys for the rest. The SET is scoped to the one simple-protocol call (its
 * statements share an implicit transaction, so an error undoes it); PGlite also needs only two
 * trips into its engine that way instead of six. Arguments are integers only, checked, so they are
 * written into the EXECUTE. Searches stay unprepared: their best plan depends on the text (a
 * one-letter search must never get a generic plan that reads the whole trigram index).
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
  const ints = Array.isArray(value) ? value : [value];
  if (!ints.every((n) => typeof n === 'number' && Number.isSafeInteger(n))) {
    throw new Error(`${name}: ${param} must be integers`);
  }
  return Array.isArray(value) ? `'{${value.join(',')}}'` : String(value);
};

async function executePrepared(
  database: Pick<Database, 'db' | 'kind'>,
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
      `set plan_cache_mode = force_generic_plan; execute ${name}(${args}); reset plan_cache_mode`,
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
    order.column.toLowerCase(),
    order.direction,
    read.withTotal ? 'total' : 'nototal',
    read.afterId === undefined ? 'offset' : 'seek',
  ].join('_');

/**
 * One page of the users list (see userPageQuery). Without a search: one prepared statement. With a
 * search: the ids (with version and total) by a statement planned for that search, then their
 * document by a prepared one.
 */
export async function selectUserPage(
  database: Pick<Database, 'db' | 'kind'>,
  filter: UserListFilter,
  order: UserListOrder,
  read: PageRead,
): Promise<UserPageRows> {
  if (filter.search) {
    const [found] = await searchedIdsQuery(database.db, filter, order, read);
    const doc = await executePrepared(
      database,
      'users_page_document',
      () => documentQuery(database.db, sql.placeholder('ids')),
      { ids: found!.ids },
    );
    const rows = usersOfPage({ ...(doc as Omit<PageDocument, 'version' | 'total' | 'ids'>), ...found! });
    return { rows, version: found!.version, total: found!.total };
  }
  const doc = (await executePrepared(
    database,
    shapeName(filter, order, read),
    () =>
      userPageQuery(database.db, filter, order, {
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        ...(read.afterId !== undefined && { afterId: sql.placeholder('afterId') }),
        withTotal: read.withTotal,
      }),
    { limit: read.limit, offset: read.offset, afterId: read.afterId },
  )) as PageDocument;
  return { rows: usersOfPage(doc), version: doc.version, total: doc.total };
}
