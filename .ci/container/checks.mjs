// The portal's image as an operator runs it (docs/operations.md "Deploy"): alone on PGlite with a
// data volume, and through compose.yaml on PostgreSQL. Run by .ci/container-test with
//   PORTAL_IMAGE, NODE_BASE_IMAGE, POSTGRES_IMAGE, PORTAL_COMMIT, CONTAINER_TEST_PORT
// set; node's test runner prints the verdict.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCustomer, signIn, userEmails, waitReady } from '../lib/portal-api.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { PORTAL_IMAGE, NODE_BASE_IMAGE, POSTGRES_IMAGE, PORTAL_COMMIT } = process.env;
const PORT = Number(process.env.CONTAINER_TEST_PORT ?? 4460);
const MAX_ADDED_BYTES = 150 * 1000 * 1000;
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const ADMIN = { email: 'admin@example.com', password: 'container-admin-pass' };
const SETTINGS = {
  APP_KEY: 'c'.repeat(64),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Production needs an SMTP server; nothing here sends mail.
  SMTP_URL: 'smtp://127.0.0.1:2525',
  // No LD, TS or BI server here: their simulators stand in.
  SIMULATORS: 'on',
};

// fetch's own timers are unref'd: while a published port accepts and holds a connection that the
// container behind it does not answer yet, nothing else would keep node's test runner waiting.
const keepAlive = setInterval(() => {}, 1000);
after(() => clearInterval(keepAlive));

const docker = (...args) =>
  execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const inspect = (what, format) => docker('inspect', '--format', format, what);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitHealthy(container, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < until) {
    status = inspect(container, '{{.State.Health.Status}}');
    if (status === 'healthy') return;
    await sleep(1000);
  }
  throw new Error(`${container} is ${status}, not healthy, after ${timeoutMs} ms`);
}

describe('the image', () => {
  it(`adds at most ${MAX_ADDED_BYTES / 1e6} MB to its base`, () => {
    const added = Number(inspect(PORTAL_IMAGE, '{{.Size}}')) - Number(inspect(NODE_BASE_IMAGE, '{{.Size}}'));
    console.log(`# the Dockerfile adds ${(added / 1e6).toFixed(1)} MB to ${NODE_BASE_IMAGE}`);
    assert.ok(added <= MAX_ADDED_BYTES, `${(added / 1e6).toFixed(1)} MB`);
  });

  it('says its version, revision and source, runs as a numeric non-root user, and checks its health', () => {
    const labels = JSON.parse(inspect(PORTAL_IMAGE, '{{json .Config.Labels}}'));
    assert.equal(labels['org.opencontainers.image.version'], version);
    assert.equal(labels['org.opencontainers.image.revision'], PORTAL_COMMIT);
    assert.match(labels['org.opencontainers.image.source'], /^https:\/\//);
    assert.match(inspect(PORTAL_IMAGE, '{{.Config.User}}'), /^[1-9]\d*:[1-9]\d*$/);
    assert.ok(inspect(PORTAL_IMAGE, '{{json .Config.Healthcheck}}').includes('readyz'));
  });

  it('holds the built apps and production dependencies only: no sources, tests, web-only packages or npm cache', () => {
    const run = (script) => docker('run', '--rm', '--entrypoint', 'node', PORTAL_IMAGE, '-e', script);
    const present = JSON.parse(
      run(`const fs = require('fs'); console.log(JSON.stringify(Object.fromEntries([
        'apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/server/drizzle',
        'apps/server/src', 'packages', 'apps/web/src', 'node_modules/@tabler', 'node_modules/react',
        'node_modules/vite', 'node_modules/typescript', 'node_modules/@playwright', '.git', '/tmp/.npm', '/root/.npm',
      ].map((p) => [p, fs.existsSync(p)]))))`),
    );
    assert.deepEqual(
      Object.entries(present)
        .filter(([, there]) => there)
        .map(([p]) => p),
      ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/server/drizzle'],
    );
  });
});

/**
 * What every deployment must do, on the container `name` answering at `base`: ready, sign-in, a
 * write, healthy, a clean stop, its data after a start, and every acknowledged write after a kill.
 */
function runsLikeAService(name, base) {
  let token;
  const written = [];

  it('becomes ready, signs the admin in and takes a write', async () => {
    await waitReady(base);
    token = (await signIn(base, ADMIN.email, ADMIN.password)).access_token;
    written.push((await createCustomer(base, token, `first-${name}@example.com`)).email);
    assert.ok((await userEmails(base, token)).has(written[0]));
  });

  it('reports healthy to docker', async () => {
    await waitHealthy(name);
  });

  it('runs as a non-root user on a read-only root, writing only /tmp and the data volume', () => {
    const uid = docker('exec', name, 'node', '-e', 'process.stdout.write(String(process.getuid()))');
    assert.notEqual(uid, '0');
    assert.equal(inspect(name, '{{.HostConfig.ReadonlyRootfs}}'), 'true');
    const tries = docker(
      'exec',
      name,
      'node',
      '-e',
      `const fs = require('fs'); console.log(JSON.stringify(['/app/x', '/x', '/tmp/x', process.env.DATA_DIR + '/x'].map((f) => {
        try { fs.writeFileSync(f, 'x'); fs.rmSync(f); return 'written'; } catch (e) { return e.code; }
      })))`,
    );
    assert.deepEqual(JSON.parse(tries), ['EROFS', 'EROFS', 'written', 'written']);
  });

  it('exits 0 within 15 s on docker stop, and has its data after a start', async () => {
    const started = Date.now();
    docker('stop', '--time', '15', name);
    const seconds = (Date.now() - started) / 1000;
    console.log(`# docker stop took ${seconds.toFixed(1)} s`);
    assert.equal(inspect(name, '{{.State.ExitCode}}'), '0');
    assert.ok(seconds < 15, `${seconds} s`);
    docker('start', name);
    await waitReady(base);
    token = (await signIn(base, ADMIN.email, ADMIN.password)).access_token;
    assert.ok((await userEmails(base, token)).has(written[0]));
  });

  it('keeps every acknowledged write through docker kill', async () => {
    for (let i = 0; i < 10; i++)
      written.push((await createCustomer(base, token, `kill-${i}-${name}@example.com`)).email);
    docker('kill', name); // SIGKILL, right after the last acknowledgement
    docker('start', name);
    await waitReady(base);
    token = (await signIn(base, ADMIN.email, ADMIN.password)).access_token;
    const emails = await userEmails(base, token);
    assert.deepEqual(
      written.filter((email) => !emails.has(email)),
      [],
    );
  });
}

describe('alone, on PGlite with a data volume', () => {
  const name = 'portal-ci-pglite';
  const volume = 'portal-ci-pglite-data';
  const base = `http://127.0.0.1:${PORT}`;
  const cleanUp = () => {
    try {
      docker('rm', '-f', name);
    } catch {
      // not there
    }
    try {
      docker('volume', 'rm', '-f', volume);
    } catch {
      // not there
    }
  };
  before(() => {
    cleanUp();
    const env = Object.entries({ ...SETTINGS, APP_URL: base }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    docker(
      'run',
      '-d',
      '--name',
      name,
      '--read-only',
      '--tmpfs',
      '/tmp',
      '-v',
      `${volume}:/data`,
      '-p',
      `127.0.0.1:${PORT}:3000`,
      ...env,
      PORTAL_IMAGE,
    );
  });
  after(() => {
    if (process.env.KEEP_CONTAINERS) return;
    cleanUp();
  });

  runsLikeAService(name, base);

  it('backs up online inside the container, and doctor runs there (✗ only where the test has nothing to offer)', () => {
    const backup = docker('exec', name, 'npm', 'run', '--silent', 'backup', '--', '/tmp/portal.backup');
    assert.match(
      backup,
      /PGlite database backed up to \/tmp\/portal.backup \(\d+ bytes, from the running portal\)/,
    );
    let report;
    try {
      report = docker('exec', name, 'npm', 'run', '--silent', 'doctor');
    } catch (err) {
      report = err.stdout;
    }
    assert.match(report, /✓ Database: PGlite in \/data\/pglite, open in the running portal/);
    assert.match(report, /✓ DATA_DIR: \/data is writable/);
    // No SMTP server here, and APP_URL is the host's published port, which the container cannot reach.
    assert.deepEqual(
      report
        .split('\n')
        .filter((line) => line.startsWith('✗'))
        .map((line) => line.split(':')[0]),
      ['✗ SMTP', '✗ APP_URL'],
    );
    assert.match(report, /2 problems found\./);
  });
});

describe('through compose.yaml, on PostgreSQL', () => {
  const project = 'portalci';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-compose-'));
  const base = `http://127.0.0.1:${PORT + 1}`;
  const compose = (...args) =>
    execFileSync('docker-compose', ['-p', project, '-f', path.join(dir, 'compose.yaml'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const portal = `${project}_portal_1`;
  before(() => {
    copyFileSync(path.join(root, 'compose.yaml'), path.join(dir, 'compose.yaml'));
    const env = {
      ...SETTINGS,
      POSTGRES_PASSWORD: 'compose-test-pw',
      APP_URL: base,
      PORTAL_PORT: `127.0.0.1:${PORT + 1}`,
      PORTAL_IMAGE,
      POSTGRES_IMAGE,
    };
    writeFileSync(
      path.join(dir, '.env'),
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    try {
      compose('down', '-v', '--remove-orphans');
    } catch {
      // nothing to take down
    }
    compose('up', '-d', '--no-build');
  });
  after(() => {
    if (!process.env.KEEP_CONTAINERS) compose('down', '-v', '--remove-orphans');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts PostgreSQL first, healthy, and the portal on it', async () => {
    await waitHealthy(`${project}_db_1`);
    assert.deepEqual(await waitReady(base), { status: 'ok', database: 'postgres' });
  });

  runsLikeAService(portal, base);
});
