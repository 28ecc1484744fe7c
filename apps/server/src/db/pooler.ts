import type { Client, ClientConfig } from 'pg';

type Pg = { Client: typeof Client };

/**
 * Whether `url` reaches PostgreSQL through a transaction pooler (PgBouncer's pool_mode =
 * transaction, and the managed services' poolers that work alike): one client's statements then
 * run on whichever server connection is free, so nothing a statement leaves on its session
 * (a named prepared statement, SET, LISTEN, a session advisory lock) is there for the next.
 *
 * Found by what the pooler does: a first client asks for its server process, a second opens a
 * transaction (a pooler hands it the connection the first just gave back), and the first asks
 * again. On PostgreSQL or through a session pooler the first client keeps its process; through a
 * transaction pooler it is given another one, or waits for one (a pool of one). A pooler that
 * hands out connections in another order can go unnoticed: DATABASE_POOLER=transaction says it
 * (decision 0031).
 */
export async function detectTransactionPooler(pg: Pg, url: string, timeoutMs = 3_000): Promise<boolean> {
  const config: ClientConfig = { connectionString: url, connectionTimeoutMillis: timeoutMs };
  const first = new pg.Client(config);
  const second = new pg.Client(config);
  const ignore = () => undefined;
  first.on('error', ignore);
  second.on('error', ignore);
  const pid = async (client: Client) =>
    Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  try {
    await Promise.all([first.connect(), second.connect()]);
    const before = await pid(first);
    await second.query('BEGIN');
    await pid(second);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), timeoutMs);
    });
    const again = pid(first);
    const after = await Promise.race([again, waited]);
    clearTimeout(timer);
    await second.query('ROLLBACK');
    await again.catch(ignore);
    return after === 'waiting' || after !== before;
  } finally {
    await Promise.all([first.end().catch(ignore), second.end().catch(ignore)]);
  }
}

/**
 * A pg Client for a transaction pooler: every statement is sent unnamed. A named prepared statement
 * (drizzle's `.prepare(name)`, the users list's generic-plan statements) lives on one server
 * connection; through the pooler the next execution may land on another, where it "does not
 * exist", or a new one "already exists". The unnamed statement is parsed, bound and run in one
 * round trip that the pooler keeps on one connection.
 */
export function unnamedStatementsClient(pg: Pg): typeof Client {
  class UnnamedStatementsClient extends pg.Client {
    // pg's query() has many overloads; only a config object can carry a name.
    override query(...args: unknown[]): never {
      const [first] = args;
      const named =
        first && typeof first === 'object' && 'name' in first && (first as { name?: string }).name;
      // A Submittable (a Query object) is run as it is; only plain configs are rewritten.
      if (named && typeof (first as { submit?: unknown }).submit !== 'function') {
        const { name: _unused, ...unnamed } = first as { name?: string };
        args[0] = unnamed;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return UnnamedStatementsClient;
}

/** What works only with a session of its own, said by the start-up warning and the doctor. */
export const WITHOUT_DIRECT_URL =
  'realtime events and session revocations reach only the instance they happen on (LISTEN needs a session of its own, which a transaction pooler does not keep), and npm run backup/restore refuse to run (pg_dump and pg_restore need PostgreSQL itself)';
