import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_IDS } from '@portal/contract';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/builders';
import { api } from '../../test/http';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './first-admin';

describe('ensureFirstAdmin', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signInAs = async (app: TestApp, username: string, password: string) =>
    api(app).post('auth/login', { username, password });

  it('creates admin@example.com with a random password logged once, and not again on the next start', async () => {
    t = await createTestApp();
    const warn = vi.spyOn(t.app.log, 'warn');
    const first = await ensureFirstAdmin(t.app);
    expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    const password = /with the password (\S+)/.exec(message)?.[1];
    expect(password).toHaveLength(15);
    expect(message).toContain('shown only this once');

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
