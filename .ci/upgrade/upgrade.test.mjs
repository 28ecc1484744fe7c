// Upgrades from the last release (docs/operations.md "Upgrade and roll back"): the release built from
// its commit (OLD_CHECKOUT) writes users, sessions, a logo, report grants and audit rows; this
// checkout (built) starts on the same data. Every row is there, /readyz is 200 and the old sessions
// are still valid. On PostgreSQL also a rolling upgrade: this checkout starts and migrates while
// the release keeps serving, and the release answers no 5xx during and after.
// Run by .ci/upgrade-test with OLD_CHECKOUT, UPGRADE_TEST_PORT and TEST_DATABASE_URL set.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { call, createCustomer, signIn, waitReady } from '../lib/portal-api.mjs';
import { startPortal, TEST_ADMIN } from '../lib/portal-process.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const OLD = process.env.OLD_CHECKOUT;
const PORT = Number(process.env.UPGRADE_TEST_PORT ?? 4470);
const LOGO = readFileSync(path.join(root, 'e2e/fixtures/logo.png'));

/** What a release's users leave behind: accounts, sessions, a logo, report grants, audit rows. */
async function writeEverything(base) {
  const admin = await signIn(base, TEST_ADMIN.email, TEST_ADMIN.password);
  const token = admin.access_token;
  const projects = await call(base, 'GET', 'dundas-bi/project/all', { token });
  assert.equal(projects.status, 200);
  const project = projects.json.data[0];
  const customer = await createCustomer(base, token, 'upgrade-customer@example.com', {
    project_id: project.projectId ?? project.id,
  });
  for (let i = 0; i < 5; i++) await createCustomer(base, token, `upgrade-${i}@example.com`);
  const form = new FormData();
  form.append('user_id', String(customer.id));
  form.append('type', 'logo');
  form.append('file', new Blob([LOGO], { type: 'image/png' }), 'logo.png');
  assert.equal((await call(base, 'POST', 'files/logo', { token, form })).status, 201);
  const reports = await call(base, 'GET', `users/${customer.id}/reports`, { token });
  assert.equal(reports.status, 200, JSON.stringify(reports.json));
  const grant = reports.json.data.items.filter((item) => !/folder/i.test(item.type)).slice(0, 2);
  assert.equal(grant.length, 2);
  const saved = await call(base, 'POST', `users/${customer.id}/reports`, {
    token,
    body: { report_ids: grant.map((item) => item.id) },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const session = await signIn(base, customer.email, 'secret12');
  return { admin, session };
}

/** A row's values as one hash (bigints as text: JSON has none). */
const fingerprint = (values) =>
  createHash('sha256')
    .update(JSON.stringify(values, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');

/** Every row of every table, as a set of fingerprints per table, with the columns of `columnsOf`. */
async function snapshot(query, columnsOf) {
  const tables = await query(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const result = {};
  for (const { name } of tables) {
    const columns =
      columnsOf?.[name] ??
      (
        await query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema || '.' || table_name = '${name}' ORDER BY ordinal_position`,
        )
      ).map((c) => c.column_name);
    const list = columns.map((c) => `"${c}"`).join(', ');
    const rows = await query(`SELECT ${list} FROM ${name.replace('.', '."')}"`);
    result[name] = {
      columns,
      rows: new Set(rows.map((row) => fingerprint(columns.map((c) => row[c])))),
    };
  }
  return result;
}

const columnsOf = (snap) =>
  Object.fromEntries(Object.entries(snap).map(([table, { columns }]) => [table, columns]));

function assertEveryRowKept(before, afterwards) {
  const lost = [];
  for (const [table, { rows }] of Object.entries(before)) {
    assert.ok(afterwards[table], `table ${table} is gone`);
    const missing = [...rows].filter((row) => !afterwards[table].rows.has(row)).length;
    if (missing) lost.push(`${table}: ${missing} of ${rows.size}`);
  }
  assert.deepEqual(lost, []);
  const counted = Object.fromEntries(Object.entries(before).map(([t, { rows }]) => [t, rows.size]));
  for (const table of ['public.users', 'public.sessions', 'public.files', 'public.audit_log'])
    assert.ok(counted[table] > 0, `${table} had rows before the upgrade`);
  assert.ok(
    Object.keys(counted).some((t) => t.startsWith('public.report_access') && counted[t] > 0),
    'report grants',
  );
}

/** The sessions of the release still work on this one: the admin's token reads, the customer's refresh rotates. */
async function assertSessionsValid(base, { admin, session }) {
  const me = await call(base, 'GET', 'auth/me', { token: admin.access_token });
  assert.equal(me.status, 200);
  assert.equal(me.json.data.email, TEST_ADMIN.email);
  const refreshed = await call(base, 'POST', 'auth/refresh', {
    body: { refresh_token: session.refresh_token },
  });
  assert.equal(refreshed.status, 200, JSON.stringify(refreshed.json));
}

/** The last release writes; this checkout starts on its data: every row there, ready, sessions valid. */
async function upgradeKeepsEverything(env, query) {
  const old = await startPortal(OLD, { port: PORT, env });
  const written = await writeEverything(old.base);
  assert.equal(await old.stop(), 0);
  const before = await query(snapshot);

  // First start: migrations, then the rows compared before anyone uses them (a sign-in changes rows).
  let current = await startPortal(root, { port: PORT, env });
  assert.equal(await current.stop(), 0);
  assertEveryRowKept(before, await query((q) => snapshot(q, columnsOf(before))));

  current = await startPortal(root, { port: PORT, env });
  await assertSessionsValid(current.base, written);
  assert.equal(await current.stop(), 0);
}

describe('upgrade from the last release', () => {
  it('on PGlite: every row there, ready, the old sessions still valid', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upgrade-'));
    try {
      await upgradeKeepsEverything({ DATA_DIR: dataDir }, async (read) => {
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
        try {
          return await read(async (sql) => (await db.query(sql)).rows);
        } finally {
          await db.close();
        }
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is unset' }, () => {
    const databases = [];
    const scratch = async () => {
      const { createScratchDatabase } = await import('../../apps/server/src/test/scratch-database.ts');
      const database = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'portal_upgrade');
      databases.push(database);
      return database.url;
    };
    const withPool = async (url, read) => {
      const { default: pg } = await import('pg');
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        return await read(async (sql) => (await pool.query(sql)).rows);
      } finally {
        await pool.end();
      }
    };
    after(async () => Promise.all(databases.map((d) => d.drop())));

    it('every row there, ready, the old sessions still valid', async () => {
      const url = await scratch();
      await upgradeKeepsEverything({ DATABASE_URL: url }, (read) => withPool(url, read));
    });

    it('rolling: this release starts and migrates while the last one serves, which answers no 5xx', async () => {
      const env = { DATABASE_URL: await scratch() };
      const old = await startPortal(OLD, { port: PORT, env });
      const token = (await signIn(old.base, TEST_ADMIN.email, TEST_ADMIN.password)).access_token;
      // Users' traffic on the last release through the whole rollout, reads and writes.
      const statuses = [];
      let rolling = true;
      const traffic = (async () => {
        for (let i = 0; rolling; i++) {
          const calls = [
            call(old.base, 'GET', 'auth/me', { token }),
            call(old.base, 'GET', 'users?per_page=10', { token }),
          ];
          if (i % 5 === 0)
            calls.push(
              call(old.base, 'POST', 'users', {
                token,
                body: {
                  name: `Rolling ${i}`,
                  email: `rolling-${i}@example.com`,
                  password: 'secret12',
                  password_confirmation: 'secret12',
                  role_id: 3,
                },
              }),
            );
          for (const res of await Promise.all(calls)) statuses.push(res.status);
        }
      })();
      const current = await startPortal(root, { port: PORT + 1, env });
      // The last release keeps serving on the migrated database for a while.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rolling = false;
      await traffic;
      const errors = statuses.filter((status) => status >= 500);
      console.log(
        `# ${statuses.length} calls to the last release during the rollout, ${errors.length} answered 5xx`,
      );
      assert.deepEqual(errors, []);
      assert.ok(statuses.includes(201), 'writes went through');
      assert.equal(await old.stop(), 0);
      assert.equal((await waitReady(current.base)).status, 'ok');
      assert.equal(await current.stop(), 0);
    });
  });
});
