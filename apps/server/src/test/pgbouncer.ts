import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortFrom } from './private-postgres';

const BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Whether this machine has PgBouncer (Debian's `pgbouncer` package). */
export const canRunPgbouncer = () => existsSync(BIN);

export type Pgbouncer = {
  port: number;
  /** `url` (a database on the upstream PostgreSQL) reached through this PgBouncer instead. */
  pooled(url: string): string;
  stop(): Promise<void>;
};

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
  });

/**
 * A PgBouncer of the test's own in transaction mode, as managed PostgreSQL services run it, in front
 * of the PostgreSQL of `upstreamUrl`: its own config in a temp folder, its own port from
 * `firstPort`, every database name routed to the upstream server (the `*` line), trust for the
 * users it knows (the upstream's `postgres` user; the local PostgreSQL trusts too).
 */
export async function startPgbouncer(
  upstreamUrl: string,
  firstPort: number,
  /**
   * In a process group of its own, so a signal to the caller's group (Playwright stopping its web
   * server) does not end it before the server it serves has closed; then only stop() ends it.
   */
  { ownProcessGroup = false } = {},
): Promise<Pgbouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const port = await freePortFrom(firstPort);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pgbouncer-'));
  chmodSync(dir, 0o777);
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // PgBouncer 1.21+ could keep prepared statements across server connections; 0 is the
      // default there and the only behaviour of 1.18 (Debian 12): named statements are not kept.
      'max_client_conn = 500',
      'default_pool_size = 20',
      // node-postgres sends no other start-up parameters; extra_float_digits is pgjdbc's and psql's.
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      'log_connections = 0',
      'log_disconnections = 0',
    ].join('\n') + '\n',
  );
  // PgBouncer refuses to run as root; -u switches to the upstream's service user.
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(BIN, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: ownProcessGroup,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await answers(port)); i += 1) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!(await answers(port))) throw new Error(`pgbouncer does not listen on ${port}: ${stderr.trim()}`);
  return {
    port,
    pooled(url) {
      const target = new URL(url);
      target.hostname = '127.0.0.1';
      target.port = String(port);
      return target.toString();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
