import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { detectTransactionPooler } from '../db/pooler';
import { portalRunsOn, requestBackup } from './backup-socket';
import { findPgTool, runTool, serverMajor, toolConnection } from './postgres-tools';

/** What a backup file is, by its first bytes: PGlite's gzipped data folder or pg_dump's archive. */
type BackupKind = 'pglite' | 'postgres';
const kindOfFile = (head: Buffer): BackupKind | null =>
  head[0] === 0x1f && head[1] === 0x8b
    ? 'pglite'
    : head.subarray(0, 5).toString('latin1') === 'PGDMP'
      ? 'postgres'
      : null;

/** A failure the operator can act on: printed as it is, without a stack. */
export class OpsError extends Error {}

const pgliteFolder = (config: AppConfig) => path.join(config.dataDir, 'pglite');

/** Written beside the target and renamed when whole: an interrupted backup never looks like one. */
function writeWhole(file: string, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial`;
  return write(partial).then(
    () => renameSync(partial, file),
    (err: unknown) => {
      rmSync(partial, { force: true });
      throw err;
    },
  );
}

/**
 * Where pg_dump and pg_restore connect: PostgreSQL itself. Both set session parameters
 * (pg_restore empties search_path with set_config): through a transaction pooler those would stay
 * on server connections the pooler then hands to the portal, whose statements would no longer find
 * its tables. So without DATABASE_DIRECT_URL they refuse to run through one (decision 0031).
 */
async function sessionUrl(config: AppConfig, what: string): Promise<string> {
  if (config.databaseDirectUrl) return config.databaseDirectUrl;
  const url = config.databaseUrl!;
  const { default: pg } = await import('pg');
  const pooled = config.databasePooler
    ? config.databasePooler === 'transaction'
    : await detectTransactionPooler(pg, url, 5000);
  if (pooled)
    throw new OpsError(
      `DATABASE_URL is a transaction pooler: pg_dump and pg_restore need PostgreSQL itself. Set DATABASE_DIRECT_URL and ${what} again. Nothing was changed.`,
    );
  return url;
}

/**
 * `npm run backup -- FILE`, while the portal serves or not. PGlite: the running portal hands out a
 * consistent copy over its backup socket; with none running, the folder is opened and copied here.
 * PostgreSQL: pg_dump (one snapshot, so consistent while writes go on) in its custom format.
 */
export async function backup(config: AppConfig, file: string): Promise<string> {
  if (config.databaseUrl) {
    const url = await sessionUrl(config, 'back up');
    const major = await serverMajor(url);
    const pgDump = await findPgTool('pg_dump', major);
    const { dbname, env } = toolConnection(url);
    await writeWhole(file, (partial) =>
      runTool(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env),
    );
    return `PostgreSQL ${major} database backed up to ${file} (${statSync(file).size} bytes, pg_dump custom format)`;
  }
  if (config.dataDir === 'memory://') throw new OpsError('DATA_DIR=memory:// keeps nothing to back up.');
  const online = await requestBackup(config.dataDir);
  const archive = online ?? (await copyStoppedPglite(config));
  await writeWhole(file, async (partial) => writeFileSync(partial, archive));
  return `PGlite database backed up to ${file} (${archive.length} bytes${online ? ', from the running portal' : ''})`;
}

async function copyStoppedPglite(config: AppConfig): Promise<Buffer> {
  const folder = pgliteFolder(config);
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new OpsError(`There is no database in ${folder} to back up (DATA_DIR=${config.dataDir}).`);
  const client = await openPglite(folder);
  try {
    await client.query('CHECKPOINT');
    return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

async function openPglite(folder: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(folder, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });
}

/**
 * `npm run restore -- FILE` into an empty DATA_DIR or database, with the portal stopped. Refuses
 * anything else before changing anything.
 */
export async function restore(config: AppConfig, file: string): Promise<string> {
  if (!existsSync(file)) throw new OpsError(`${file}: no such file.`);
  const content = readFileSync(file);
  const kind = kindOfFile(content);
  const target: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target)
    throw new OpsError(
      `${file} is ${kind ? `a ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup` : 'not a portal backup'}, ` +
        `and this configuration's database is ${target === 'pglite' ? 'PGlite (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}. Nothing was changed.`,
    );
  return target === 'postgres'
    ? restorePostgres(await sessionUrl(config, 'restore'), file)
    : restorePglite(config, content);
}

async function restorePglite(config: AppConfig, content: Buffer) {
  if (config.dataDir === 'memory://') throw new OpsError('DATA_DIR=memory:// keeps nothing to restore into.');
  const folder = pgliteFolder(config);
  if (await portalRunsOn(config.dataDir))
    throw new OpsError(
      `The portal is running on DATA_DIR=${config.dataDir}: stop it, then restore. Nothing was changed.`,
    );
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new OpsError(
      `DATA_DIR=${config.dataDir} already holds a database (${folder}): restore only into an empty DATA_DIR ` +
        `(point DATA_DIR at a new folder, or move the old one away). Nothing was changed.`,
    );
  // Built in a staging folder and renamed into place when whole, as a first start does (db/client.ts).
  const staging = `${folder}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(config.dataDir, { recursive: true });
  try {
    const client = await openPglite(staging, new Blob([content]));
    try {
      await client.query('CHECKPOINT');
    } finally {
      await client.close();
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return `PGlite database restored into ${folder}: start the portal.`;
}

async function restorePostgres(databaseUrl: string, file: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  let relations: number;
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_%'
          AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    relations = Number(rows[0]!.n);
  } finally {
    await client.end();
  }
  const { dbname, env } = toolConnection(databaseUrl);
  const name = new URL(databaseUrl).pathname.slice(1);
  if (relations > 0)
    throw new OpsError(
      `The database ${name} is not empty (${relations} tables, views or sequences): restore only into an ` +
        `empty database (create a new one and point DATABASE_URL at it). Nothing was changed.`,
    );
  const pgRestore = await findPgTool('pg_restore', await serverMajor(databaseUrl));
  await runTool(
    pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  return `PostgreSQL database ${name} restored from ${file}: start the portal.`;
}
