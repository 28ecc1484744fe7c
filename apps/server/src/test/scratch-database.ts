import { randomBytes } from 'node:crypto';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (its user needs CREATEDB), for one
 * test run, e2e run or benchmark; `drop()` removes it, open connections and all. One helper for the
 * server suite (test/app.ts), the e2e server (e2e/start-server.ts) and the benchmarks (bench/lib.ts).
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  // Loaded here, not at the top: the PGlite suites never need the driver.
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
