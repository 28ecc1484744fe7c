import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client, Pool } from 'pg';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../lib/paths';
import { runNamed } from './pglite-prepared';
import { nameStatements } from './pglite-statements';
import { detectTransactionPooler, unnamedStatementsClient } from './pooler';
import { createResilientPool } from './resilient-pool';
import * as schema from './schema';

/** What openPostgres uses of the pg module (loaded on demand: the PGlite suites never need it). */
type PgModule = { Pool: typeof Pool; Client: typeof Client };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What the users list (modules/users/list) sends its bound statements through. */
export type SqlQuery = { name: string; plan: 'generic' | 'custom'; text: string; values: unknown[] };
export type SqlRunner = (query: SqlQuery) => Promise<Array<Record<string, unknown>>>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs one statement with bound parameters and answers its rows. `plan: 'generic'`: for a
   * statement whose plan does not depend on its values and costs more to make than to run — on
   * PostgreSQL a named prepared statement on a connection that plans prepared statements
   * generically (plan_cache_mode = force_generic_plan). `plan: 'custom'`: planned for its values at
   * each call — on PostgreSQL an unnamed statement. PGlite (one session) runs both as named
   * statements with the plan mode set for the call (db/pglite-prepared.ts).
   */
  query: SqlRunner;
  /** Throws when the database does not answer; used by /readyz. */
  ping(): Promise<void>;
  /**
   * PGlite only: its data folder as a gzipped tar, copied while no statement runs (PGlite's query
   * lock), so it is the state between two statements, never torn (decision 0026). `npm run backup`
   * asks the running server for it (ops/backup-socket.ts); PostgreSQL is dumped with pg_dump.
   */
  backup?(): Promise<Blob>;
  /** PostgreSQL only: whether DATABASE_URL is a transaction pooler. */
  pooler?: PoolerInfo;
  /** PostgreSQL only: where LISTEN can hold a session (undefined: nowhere, realtime stays in-process). */
  listenUrl?: string;
  /** Connections of the main pool (PostgreSQL only; PGlite has one session and no pool): /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/** Any fixed number: serialises migrations when several instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_310_001;

export type DatabaseOptions = {
  databaseUrl?: string;
  /** PostgreSQL itself when databaseUrl is a pooler: migrations run there (config DATABASE_DIRECT_URL). */
  databaseDirectUrl?: string;
  /** undefined: found at start (db/pooler.ts). */
  databasePooler?: 'transaction' | 'none';
  dataDir: string;
};

/** How the server reaches PostgreSQL (decision 0031). */
export type PoolerInfo = {
  /** `transaction`: DATABASE_URL is a transaction pooler, so no statement relies on its session. */
  mode: 'transaction' | 'none';
  /** Found at start rather than configured. */
  detected: boolean;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts)
    : await openPglite(opts.dataDir);
  return database;
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const detected = opts.databasePooler === undefined;
  const pooled = detected ? await detectTransactionPooler(pg, url) : opts.databasePooler === 'transaction';
  const pool = createResilientPool(pg, {
    connectionString: url,
    max: 10,
    ...(pooled && { Client: unnamedStatementsClient(pg) }),
  });
  const db = drizzle(pool, { schema });
  // Opened on first use, a second small pool for named statements that are to run under generic
  // plans. Not through a transaction pooler: a named statement does not outlive its transaction
  // there (and PgBouncer refuses the `options` start-up parameter), so those run unnamed.
  let genericPlans: Pool | undefined;
  const genericPool = () => {
    if (!genericPlans) {
      genericPlans = createResilientPool(pg, {
        connectionString: url,
        // Enough for the list's share of the load; PostgreSQL's CPUs, not connections, are the limit.
        max: 5,
        options: '-c plan_cache_mode=force_generic_plan',
      });
    }
    return genericPlans;
  };
  await migratePostgres(pg, opts.databaseDirectUrl ?? url);
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    pooler: { mode: pooled ? 'transaction' : 'none', detected },
    // LISTEN needs a session that lasts: never a transaction pooler's.
    listenUrl: opts.databaseDirectUrl ?? (pooled ? undefined : url),
    query: async ({ name, plan, text, values }) =>
      plan === 'generic' && !pooled
        ? (await genericPool().query({ name, text, values })).rows
        : (await pool.query({ text, values })).rows,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await genericPlans?.end();
      await pool.end();
    },
  };
}

/**
 * Applies pending migrations in one transaction that holds a transaction-level advisory lock, so
 * instances starting at once take turns, and the lock goes with the transaction: nothing is left
 * on a connection (a session lock taken through a transaction pooler could stay on a server
 * connection the pooler hands to others, and its unlock land on another). drizzle's migrator opens
 * its own transaction inside ours (PostgreSQL warns and carries on); its COMMIT or ROLLBACK ends both.
 */
async function migratePostgres(pg: PgModule, url: string) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = createResilientPool(pg, { connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
    await pool.end();
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the users search indexes (migration 0002); PGlite ships it as a loadable extension.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // 'memory://' keeps tests self-contained; anything else is a folder on disk.
  const inMemory = dataDir === 'memory://';
  const folder = path.join(dataDir, 'pglite');
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(folder, 'PG_VERSION'))) await createPgliteFolder(folder);
  }
  const client = await PGlite.create(inMemory ? undefined : folder, {
    extensions: { pg_trgm },
    // PGlite's default shared_buffers (128MB) grows its WASM heap to ~190 MB; a single-process demo
    // database needs far less. 16MB cut the idle server from ~350 MB to ~230 MB RSS (bench/memory.ts).
    // startParams replaces PGlite's defaults, hence the spread.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // After the migrations: their DDL would change the plans of statements named before it.
  await nameStatements(client);
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    query: (statement) => runNamed(client, statement),
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    backup: async () => {
      // Written out first, so the copy opens without replaying much of the write-ahead log.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    close: () => client.close(),
  };
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. Initdb grows PGlite's
 * WASM heap by well over 100 MB and a WASM heap never shrinks: done in the server's own process,
 * that memory would stay with the server for its whole life (idle RSS on first start 371 MB instead
 * of the 261 MB of every later start, bench/memory.ts). The child's memory goes back when it exits.
 * It builds the database in a staging folder renamed into place when complete, so a first start
 * that is interrupted (Ctrl-C during initdb) leaves nothing half-made behind.
 */
async function createPgliteFolder(folder: string) {
  if (existsSync(folder)) {
    if (readdirSync(folder).length > 0) {
      throw new Error(
        `${folder} exists but holds no PGlite database: move it away or choose another DATA_DIR`,
      );
    }
    rmSync(folder, { recursive: true });
  }
  const staging = `${folder}.creating`;
  rmSync(staging, { recursive: true, force: true });
  const script = `
    const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    const db = await PGlite.create(${JSON.stringify(staging)});
    await db.close();`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script]);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the PGlite database in ${folder}${stderr ? `: ${stderr}` : ''}`, {
      cause: err,
    });
  }
  renameSync(staging, folder);
}
