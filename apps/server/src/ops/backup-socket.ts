import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import type { Database } from '../db/client';

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void };

/** The server's backup socket: in DATA_DIR, so whoever may read the data may ask for a copy. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/**
 * Serves `POST /backup` on a Unix socket in DATA_DIR (mode 0600, never on the network): the answer
 * is the running PGlite's data folder, copied consistently (Database.backup). Nothing for
 * PostgreSQL or an in-memory database. A socket left by a killed process is replaced.
 */
export async function serveBackups(database: Database, dataDir: string, log: Log) {
  if (!database.backup || dataDir === 'memory://') return undefined;
  const backup = database.backup;
  const socket = backupSocketPath(dataDir);
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200).end('portal'); // "is a portal running here?" (doctor, restore)
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    backup().then(
      async (archive) => {
        const bytes = Buffer.from(await archive.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length });
        res.end(bytes);
        log.info({ bytes: bytes.length }, 'backup: a copy of the database was handed out');
      },
      (err: unknown) => {
        log.warn({ err }, 'backup: the database could not be copied');
        res.writeHead(500).end(err instanceof Error ? err.message : String(err));
      },
    );
  });
  rmSync(socket, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
  } catch (err) {
    // A DATA_DIR path too long for a socket name (about 100 bytes): the portal runs, backups need a stop.
    log.warn(
      { err, socket },
      'backup: no backup socket, online backups are off (stop the portal to back up)',
    );
    return undefined;
  }
  chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socket, { force: true });
      }),
  };
}

/**
 * Asks the portal running on this DATA_DIR for a copy of its database. Null when none runs there
 * (no socket, or nobody listening): the caller may then open the folder itself.
 */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else
          reject(
            new Error(
              `the running portal could not make the backup: ${body.toString('utf8') || res.statusCode}`,
            ),
          );
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(null) : reject(err),
    );
    req.end();
  });
}

/** Whether a portal serves this DATA_DIR (its backup socket answers). */
export function portalRunsOn(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: backupSocketPath(dataDir), method: 'GET', path: '/' }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}
