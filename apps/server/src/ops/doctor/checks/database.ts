import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../../lib/paths';
import { portalRunsOn } from '../../backup-socket';
import { fail, pass, reasonOf, type Check, type Finding } from '../types';

const DATABASE = 'Database';
const MIGRATIONS = 'Migrations';

/** The migrations this release brings, by the time drizzle records for each (its journal's `when`). */
function releaseMigrations(): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries;
}

/** Current when the database has applied exactly this release's migrations (drizzle compares times). */
function compareMigrations(applied: number[]): Finding {
  const known = releaseMigrations();
  const last = applied.length ? Math.max(...applied) : 0;
  const pending = known.filter((m) => m.when > last);
  const newest = known.at(-1)?.when ?? 0;
  if (last > newest)
    return fail(
      MIGRATIONS,
      `the database was migrated by a newer release than this one (${applied.length} applied, this release knows ${known.length})`,
      'run the release that migrated it (roll forward), or restore the backup taken before that upgrade',
    );
  if (pending.length)
    return fail(
      MIGRATIONS,
      `${pending.length} of ${known.length} not applied yet (${pending.map((m) => m.tag).join(', ')})`,
      'start this release: it applies them at start, under a lock (docs/operations.md "Upgrade")',
    );
  return pass(MIGRATIONS, `current (${known.length} applied)`);
}

async function postgres(url: string, timeoutMs: number): Promise<Finding[]> {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const where = `${target.hostname}:${target.port || 5432}${target.pathname}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
  } catch (err) {
    return [
      fail(
        DATABASE,
        `PostgreSQL at ${where} cannot be reached: ${reasonOf(err)}`,
        "check DATABASE_URL's host, port, user, password and database name, and that PostgreSQL accepts connections from here",
      ),
    ];
  }
  try {
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!
      .server_version;
    const applied = await client
      .query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations')
      .then(
        (result) => result.rows.map((row) => Number(row.created_at)),
        () => [], // no migrations table: nothing applied yet
      );
    return [pass(DATABASE, `PostgreSQL ${version} at ${where}`), compareMigrations(applied)];
  } finally {
    await client.end();
  }
}

async function pglite(dataDir: string): Promise<Finding[]> {
  const folder = path.join(dataDir, 'pglite');
  if (dataDir === 'memory://')
    return [pass(DATABASE, 'PGlite in memory (nothing is kept)'), compareMigrations([])];
  if (await portalRunsOn(dataDir))
    return [
      pass(DATABASE, `PGlite in ${folder}, open in the running portal`),
      pass(MIGRATIONS, 'applied by the running portal when it started'),
    ];
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    return [
      pass(DATABASE, `PGlite: no database in ${folder} yet, the first start creates it`),
      pass(MIGRATIONS, `${releaseMigrations().length} to apply at the first start`),
    ];
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let client;
  try {
    client = await PGlite.create(folder, { extensions: { pg_trgm } });
  } catch (err) {
    return [
      fail(
        DATABASE,
        `PGlite in ${folder} cannot be opened: ${reasonOf(err)}`,
        'restore the last backup into an empty DATA_DIR (docs/operations.md "Back up and restore")',
      ),
    ];
  }
  try {
    const applied = await client
      .query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations')
      .then(
        (result) => result.rows.map((row) => Number(row.created_at)),
        () => [],
      );
    return [pass(DATABASE, `PGlite in ${folder} (the portal is not running)`), compareMigrations(applied)];
  } finally {
    await client.close();
  }
}

/** The database answers, and has applied exactly this release's migrations. */
export const checkDatabase: Check = ({ config, timeoutMs }) =>
  config.databaseUrl ? postgres(config.databaseUrl, timeoutMs) : pglite(config.dataDir);
