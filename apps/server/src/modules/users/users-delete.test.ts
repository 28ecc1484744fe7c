import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE_IDS, USER_ADMIN_MESSAGES } from '@portal/contract';
import { buildApp } from '../../app';
import { auditLog, sessions, users } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, type TestTokens, signedInAdmin } from '../../test/builders';
import { api } from '../../test/http';
import type { BiAccounts } from './bi-accounts';

describe('delete, delete & block, restore', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let ip = 0;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
  });

  const audit = async (action: string, targetId: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    )[0];
  const signInWith = (username: string, password: string) =>
    http.post('auth/login', { username, password }, { ip: `10.7.0.${(ip += 1)}` });
  const createBody = (email: string) => ({
    name: 'Again',
    email,
    password: 'secret-1',
    password_confirmation: 'secret-1',
    meta: [],
    role_id: ROLE_IDS.customer,
  });
  const listed = async (query: string, id: number) =>
    (await http.get(`users?${query}`, { headers: admin.headers }))
      .json()
      .data.some((u: { id: number }) => u.id === id);

  it('deletes a user: gone, sessions dead at once, email free for a new account', async () => {
    const user = await createUser(t);
    const theirs = await signIn(t, user);
    expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(200); // now cached

    const res = await http.delete(
      `users/${user.id}?block=0&deleteRemoteAccount=0&deleteRemoteFolders=0&force=0`,
      { headers: admin.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.userDeleted });
    expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(401);
    expect((await http.get(`users/${user.id}`, { headers: admin.headers })).statusCode).toBe(404);
    expect(await audit('users.deleted', user.id)).toMatchObject({
      actorId: adminId,
      details: { email: user.email },
    });

    const again = await http.post('users', createBody(user.email), { headers: admin.headers });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.email).toBe(user.email);
  });

  it('deletes & blocks: kept and listed as blocked, sign-in refused generically, sessions revoked, email taken', async () => {
    const user = await createUser(t);
    const theirs = await signIn(t, user);
    expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(200);

    const res = await http.delete(`users/${user.id}?block=1`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.userBlocked });

    expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(401);
    const refresh = await http.post('auth/refresh', { refresh_token: theirs.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.revokedReason)).toEqual(['user_blocked']);

    const signInRes = await signInWith(user.email, user.password);
    const wrongPassword = await signInWith(user.email, 'wrong-password');
    expect(signInRes.statusCode).toBe(401);
    expect(signInRes.json()).toEqual(wrongPassword.json());
    expect(signInRes.json()).toEqual({ message: MESSAGES.invalidCredentials });

    expect(await listed('blocked=1', user.id)).toBe(true);
    expect(await listed('', user.id)).toBe(false);
    const taken = await http.post('users', createBody(user.email), { headers: admin.headers });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [USER_ADMIN_MESSAGES.emailTaken] });
    expect(await audit('users.blocked', user.id)).toMatchObject({ actorId: adminId });
  });

  it('restores a blocked user (POST and PATCH): active again, off the blocked list, may sign in', async () => {
    for (const method of ['post', 'patch'] as const) {
      const user = await createUser(t, { blocked: true });
      const res = await http[method](`users/${user.id}/restore`, undefined, { headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.userRestored });
      expect(await listed('blocked=1', user.id)).toBe(false);
      expect(await listed('', user.id)).toBe(true);
      expect((await signInWith(user.email, user.password)).statusCode).toBe(200);
      expect(await audit('users.restored', user.id)).toMatchObject({ actorId: adminId });
    }
    expect((await http.post('users/999999/restore', undefined, { headers: admin.headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses deleting yourself (403) and answers 404 for a missing user, 422 for bad flags', async () => {
    for (const block of ['0', '1']) {
      const res = await http.delete(`users/${adminId}?block=${block}`, { headers: admin.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.deleteSelf });
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(me?.blockedAt).toBeNull();
    expect((await http.delete('users/999999', { headers: admin.headers })).statusCode).toBe(404);
    expect((await http.delete(`users/${adminId}?block=yes`, { headers: admin.headers })).statusCode).toBe(
      422,
    );
  });

  describe('with deleteRemoteAccount', () => {
    const withBi = async (biAccounts: BiAccounts, run: (app: FastifyInstance) => Promise<void>) => {
      const app = await buildApp(t.config, { database: t.database, logger: false, biAccounts });
      try {
        await run(app);
      } finally {
        await app.close();
      }
    };
    const del = (app: FastifyInstance, id: number, query: string) =>
      app.inject({ method: 'DELETE', url: `/api/v1.0/users/${id}?${query}`, headers: admin.headers });

    it('deletes the BI account first (with folders when asked)', async () => {
      const calls: unknown[] = [];
      const user = await createUser(t);
      await withBi(
        {
          deleteAccount: async (...args) => (calls.push(args), { deleted: true }),
          ensureAccount: async () => {},
        },
        async (app) => {
          const res = await del(app, user.id, 'deleteRemoteAccount=1&deleteRemoteFolders=1');
          expect(res.statusCode).toBe(200);
        },
      );
      expect(calls).toEqual([[user.id, { deleteFolders: true }]]);
      expect((await audit('users.deleted', user.id))?.details).toMatchObject({
        biAccount: { deleted: true },
      });
    });

    it('keeps the user when the BI server fails (502), unless force=1', async () => {
      const user = await createUser(t);
      const failing: BiAccounts = {
        deleteAccount: async () => Promise.reject(new Error('BI server timed out')),
        ensureAccount: async () => {},
      };
      await withBi(failing, async (app) => {
        const res = await del(app, user.id, 'block=1&deleteRemoteAccount=1');
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.biAccountDeleteFailed });
        expect(await listed('', user.id)).toBe(true);
        expect((await del(app, user.id, 'block=1&deleteRemoteAccount=1&force=1')).statusCode).toBe(200);
      });
      expect(await listed('blocked=1', user.id)).toBe(true);
      expect((await audit('users.blocked', user.id))?.details).toMatchObject({
        biAccount: { failed: 'BI server timed out' },
      });
    });

    it('without a BI server configured there is no account to delete, and the audit says so', async () => {
      const user = await createUser(t);
      const res = await http.delete(`users/${user.id}?deleteRemoteAccount=1`, { headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect((await audit('users.deleted', user.id))?.details).toMatchObject({
        biAccount: { deleted: false },
      });
    });
  });
});
