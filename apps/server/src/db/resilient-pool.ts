import type { Pool, PoolClient, PoolConfig } from 'pg';

type Pg = { Pool: typeof Pool };

/**
 * How long a request may wait on a database that is away (no call hangs past 10 s): a
 * connection (new, or a free one of the pool) within 3 s, else "timeout exceeded when trying to
 * connect"; a query's answer within 8 s. TCP keep-alive finds a connection whose peer vanished.
 * plugins/error-handler.ts answers all of these with 503 + Retry-After.
 */
const OUTAGE_BOUNDS = {
  idleTimeoutMillis: 30_000,
  connectionTimeoutMillis: 3_000,
  query_timeout: 8_000,
  keepAlive: true,
} satisfies PoolConfig;

const lost = (err: Error) => console.warn(`database: connection lost (${err.message})`);

/**
 * A pg pool that survives lost connections (server stopped or restarted, pg_terminate_backend,
 * DROP DATABASE … FORCE):
 * - A dying connection makes its client emit 'error', which ends the process when nobody listens.
 *   The pool listens on idle clients only, so every client gets a listener of its own from birth.
 * - A client checked out with `connect()` (drizzle's transactions) whose connection dies is given
 *   back to the pool at once, marked broken, and its later `release()` is a no-op. drizzle-orm
 *   0.45 runs BEGIN before its try/finally: when BEGIN fails the client is never released, and
 *   after a few outages the pool is exhausted and `end()` waits forever.
 */
export function createResilientPool(pg: Pg, config: PoolConfig): Pool {
  class ResilientPool extends pg.Pool {
    override connect(): Promise<PoolClient>;
    override connect(
      callback: (err: Error | undefined, client: PoolClient | undefined, done: () => void) => void,
    ): void;
    override connect(
      callback?: (err: Error | undefined, client: PoolClient | undefined, done: () => void) => void,
    ) {
      // pool.query uses the callback form and handles errors itself.
      if (callback) return super.connect(callback);
      return super.connect().then(releaseWhenLost);
    }
  }
  const pool = new ResilientPool({ ...OUTAGE_BOUNDS, ...config });
  pool.on('connect', (client) => client.on('error', lost));
  // The pool re-emits an idle client's error; the client's own listener has logged it.
  pool.on('error', () => undefined);
  return pool;
}

function releaseWhenLost(client: PoolClient): PoolClient {
  const release = client.release;
  let released = false;
  const onError = (err: Error) => client.release(err);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    release(err);
  };
  client.once('error', onError);
  return client;
}
