import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL URL as the client tools take it: the password in PGPASSWORD, not on the command line. */
export function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** The server's major version (16 for 16.4), asked over a plain connection. */
export async function serverMajor(databaseUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

async function majorOf(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * pg_dump or pg_restore for a server of this major version: the same major (Debian keeps each
 * under /usr/lib/postgresql/N/bin), else the one on PATH when it is that version or newer (pg_dump
 * reads older servers; an older one refuses a newer server). Throws with what to install.
 */
export async function findPgTool(tool: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const candidates = [`/usr/lib/postgresql/${major}/bin/${tool}`, tool];
  for (const binary of candidates) {
    const found = await majorOf(binary);
    if (found !== null && found >= major) return binary;
  }
  throw new Error(
    `${tool} of PostgreSQL ${major} (or newer) is needed and was not found: install the client tools ` +
      `(Debian: apt-get install postgresql-client-${major}), or run the backup where the database runs ` +
      `(docs/operations.md "Back up and restore").`,
  );
}

export async function runTool(binary: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(binary, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${binary} failed${stderr ? `: ${stderr}` : ''}`, { cause: err });
  }
}
