import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoForm, rawUpload } from './test/raw-upload';

/**
 * On the real process (tsx runs main.ts): SIGTERM with an idle keep-alive
 * connection and a request in flight on another one ends with exit 0 well inside the grace
 * period, the in-flight answer carrying `Connection: close`.
 */
const GRACE_MS = 10_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

type Answer = { status: number; connection?: string };
const request = (agent: http.Agent, port: number, method: string, urlPath: string, body?: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

/** main.ts in its own process (tsx), listening on a free port; resolves once /healthz answers. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
  const server = spawn(tsx, [path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      ENV_FILE: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'shutdown-123',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const started = Date.now();
  for (;;) {
    const up = await request(new http.Agent(), port, 'GET', '/healthz').catch(() => undefined);
    if (up?.status === 200) break;
    if (Date.now() - started > 150_000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, port, exited };
}

describe('SIGTERM', () => {
  let dataDir: string;
  let server: ChildProcess;
  let port: number;
  let exited: Promise<number | null>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    ({ server, port, exited } = await startServer(dataDir));
  }, 180_000);
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes idle keep-alive sockets, answers the request in flight with Connection: close, and exits 0 at once', async () => {
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // One connection each, open and idle in keep-alive.
    expect((await request(idle, port, 'GET', '/healthz')).status).toBe(200);
    expect((await request(busy, port, 'GET', '/healthz')).status).toBe(200);

    // A sign-in whose body is still arriving when SIGTERM comes: surely in flight, however fast
    // the machine. The rest of the body follows the signal.
    const body = JSON.stringify({ username: 'admin@example.com', password: 'shutdown-123' });
    let send!: (rest: string) => void;
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1.0/auth/login',
          agent: busy,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      send = (rest) => req.end(rest);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    send(body.slice(10));

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS / 2);
    idle.destroy();
    busy.destroy();
  }, 60_000);
});

describe('SIGTERM with stuck uploads', () => {
  let dataDir: string;
  let server: ChildProcess;
  let port: number;
  let exited: Promise<number | null>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-uploads-'));
    ({ server, port, exited } = await startServer(dataDir));
  }, 180_000);
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 in the grace period with one upload dribbling in and one whose client hung up', async () => {
    const signIn = async (username: string, password: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1.0/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return (await res.json()) as { data: { access_token: string; user: { id: number } } };
    };
    const admin = (await signIn('admin@example.com', 'shutdown-123')).data;
    const signUp = await fetch(`http://127.0.0.1:${port}/api/v1.0/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Hung Up',
        email: 'hung-up@example.com',
        password: 'shutdown-456',
        password_confirmation: 'shutdown-456',
      }),
    });
    const customer = ((await signUp.json()) as { data: { access_token: string; user: { id: number } } }).data;
    const image = Buffer.alloc(50_000, 1);

    const dribbling = await rawUpload(port, admin.access_token, logoForm(admin.user.id, image), 100);
    const hungUp = await rawUpload(port, customer.access_token, logoForm(customer.user.id, image), 100);
    await new Promise((resolve) => setTimeout(resolve, 500));
    hungUp.socket.destroy();

    // Exit 0 is within the grace period: past it, main.ts exits 1 ("graceful shutdown timed out").
    server.kill('SIGTERM');
    expect(await dribbling.status).toBe(503);
    expect(await exited).toBe(0);
  }, 60_000);
});
