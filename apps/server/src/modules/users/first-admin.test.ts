import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_IDS } from '@portal/contract';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/builders';
import { api } from '../../test/http';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, FIRST_ADMIN_PASSWORD_FILE } from './first-admin';

describe('ensureFirstAdmin', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signInAs = async (app: TestApp, username: string, password: string) =>
    api(app).post('auth/login', { username, password });

  it('creates admin@example.com with a random password kept in a 0600 file, never in the log, and not again on the next start', async () => {
    t = await createTestApp();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'first-admin-'));
    const warn = vi.spyOn(t.app.log, 'warn');
    const first = await ensureFirstAdmin({ ...t.app, log: t.app.log, config: { ...t.config, dataDir } });
    expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    const [email, password] = (await readFile(file, 'utf8')).trim().split('\n');
    expect(email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(password).toHaveLength(15);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    expect(message).toContain(file);
    expect(message).not.toContain(password);

    const res = await signInAs(t, DEFAULT_ADMIN_EMAIL, password!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toEqual({ is_admin: true });

    // A second start on the same database: nothing created, nothing logged, the password still works.
    const again = await buildApp(t.config, { database: t.database, logger: false });
    const warnAgain = vi.spyOn(again.log, 'warn');
    expect(await ensureFirstAdmin(again)).toEqual({ created: false });
    expect(warnAgain).not.toHaveBeenCalled();
    await again.close();
    expect((await signInAs(t, DEFAULT_ADMIN_EMAIL, password!)).statusCode).toBe(200);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when set, without logging a password', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'Ops-pass-1' });
    const warn = vi.spyOn(t.app.log, 'warn');
    expect(await ensureFirstAdmin(t.app)).toMatchObject({ created: true, email: 'ops@example.test' });
    expect(warn).not.toHaveBeenCalled();
    expect((await signInAs(t, 'OPS@example.test', 'Ops-pass-1')).statusCode).toBe(200);
  });

  it('promotes an existing account with that email instead of failing on the unique email', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Boss-pass-1' });
    const existing = await createUser(t, {
      email: 'boss@example.test',
      roleId: ROLE_IDS.customer,
      blocked: true,
    });
    expect(await ensureFirstAdmin(t.app)).toMatchObject({ created: true, userId: existing.id });
    const res = await signInAs(t, 'boss@example.test', 'Boss-pass-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.roles.map((r: { id: number }) => r.id)).toEqual([
      ROLE_IDS.admin,
      ROLE_IDS.customer,
    ]);
  });

  it('does nothing when an admin already exists', async () => {
    t = await createTestApp();
    await createUser(t, { roleId: ROLE_IDS.admin });
    expect(await ensureFirstAdmin(t.app)).toEqual({ created: false });
    expect((await signInAs(t, DEFAULT_ADMIN_EMAIL, 'anything')).statusCode).toBe(401);
  });
});
