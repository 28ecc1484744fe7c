import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Named statements kept per PGlite instance; past this, the least recently used is closed. */
export const PGLITE_STATEMENTS_KEPT = 200;

type Statement = { name: string; paramTypes: number[] };
type Query = PGlite['query'];

/**
 * PGlite runs every query as an unnamed statement: parsed, described and planned again on each
 * call, in six trips into its WebAssembly engine, where planning reads each relation's size through
 * an emulated file system. That was most of a sign-in's time on the embedded database
 * (bench/login-throughput.ts). Here a query with parameters, outside a transaction, runs as a named
 * statement instead: parsed and described the first time its text is seen, then bound and executed
 * in one trip (docs/decisions/0046-pglite-named-statements.md). The texts are drizzle's, a bounded
 * set; the least recently used statement past PGLITE_STATEMENTS_KEPT is closed, so memory stays
 * bounded whatever runs. Queries without parameters, with a blob, or inside a transaction (PGlite's
 * transaction object has its own `query`) go PGlite's own way.
 */
export async function nameStatements(pglite: PGlite, kept = PGLITE_STATEMENTS_KEPT): Promise<void> {
  // Loaded here, like PGlite itself (db/client.ts): a PostgreSQL deployment never loads it.
  const { parse, protocol } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const unnamed: Query = pglite.query.bind(pglite);
  const statements = new Map<string, Statement>(); // oldest use first
  let made = 0;

  /** Parses `text` as a new named statement (closing the least recently used one past `kept`). */
  async function prepare(text: string): Promise<Statement> {
    const name = `portal_s${++made}`;
    const closing: Uint8Array[] = [];
    if (statements.size >= kept) {
      const [oldest, statement] = statements.entries().next().value!;
      statements.delete(oldest);
      closing.push(serialize.close({ type: 'S', name: statement.name }));
    }
    const { messages } = await pglite.execProtocol(
      join([
        ...closing,
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = parse.parseDescribeStatementResults(messages);
    const statement = { name, paramTypes: described };
    statements.set(text, statement);
    return statement;
  }

  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((value, i) => {
      if (value == null) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const { messages } = await pglite.execProtocol(
        join([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      // PGlite merges a query's own parsers into a copy of all of its parsers (hundreds, one per type
      // in the database) on every call, and drizzle passes its own with every query: that copy cost
      // more than the rest of the parsing. The query's few are laid over the defaults instead.
      const parsers = options?.parsers
        ? Object.assign(Object.create(pglite.parsers) as typeof pglite.parsers, options.parsers)
        : pglite.parsers;
      return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0]!;
    } catch (error) {
      // A statement the engine no longer knows, or whose plan no longer fits (a schema change), is
      // parsed afresh next time; the error itself is the caller's, as from PGlite's own query.
      if (statements.get(text) === statement) statements.delete(text);
      await pglite
        .execProtocol(join([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
          throwOnError: false,
        })
        .catch(() => undefined);
      throw error;
    }
  }

  pglite.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!params?.length || options?.blob || options?.paramTypes) return unnamed(text, params, options);
    // The transaction lock first, as PGlite's own query takes it: a statement sent while another
    // caller's transaction is open would run inside it (PGlite is one session).
    return pglite._runExclusiveTransaction(() => pglite.runExclusive(() => run(text, params, options)));
  }) as Query;
}

export const join = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};
