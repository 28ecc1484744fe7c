import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export type PrivatePostgres = {
  url: string;
  /** `pg_ctl stop -m fast`: every connection is cut, as in an operator's restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/** The first port from `from` that nothing listens on (two suites at once each get their own). */
export async function freePortFrom(from: number): Promise<number> {
  for (let port = from; port < from + 100; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** Whether this machine can run a private PostgreSQL (initdb present). */
export const canRunPrivatePostgres = () => existsSync(path.join(BIN, 'initdb'));

/**
 * A PostgreSQL server of the test's own (initdb into a temp folder, its own port and socket
 * folder), for tests that stop and start the database: never the machine's shared server.
 * As root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startPrivatePostgres(firstPort: number): Promise<PrivatePostgres> {
  const port = await freePortFrom(firstPort);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asOwner = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args])
      : run(path.join(BIN, cmd), args);
  await asOwner('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-w', '-t', '30', ...args]);
  const start = async () => {
    await pgCtl(
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    );
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pgCtl('-m', 'fast', 'stop');
    },
    start,
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
