import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, sessionSchema } from '@portal/contract';
import { auditLog, sessions } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, type BuiltUser } from '../../test/builders';
import { api } from '../../test/http';

describe('POST auth/login', () => {
  const t = useTestApp();
  const http = api(t);
  let alice: BuiltUser;
  let blocked: BuiltUser;
  beforeAll(async () => {
    alice = await createUser(t, { email: 'Alice@Example.test', username: 'Alice.W', name: 'Alice' });
    blocked = await createUser(t, { email: 'blocked@example.test', blocked: true });
  });

  const auditFor = async (username: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(like(auditLog.action, 'auth.login.%'))
        .orderBy(desc(auditLog.id))
    ).filter((row) => row.details?.username === username);

  it.each([
    ['email', 'alice@example.TEST'],
    ['username', 'alice.w'],
    ['username with spaces around', '  ALICE.W  '],
  ])('signs in by %s, case-insensitively, and answers a Session', async (_by, username) => {
    const res = await http.post('auth/login', { username, password: alice.password }, { ip: '10.1.0.1' });
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json().data);
    expect(session.token_type).toBe('Bearer');
    expect(session.expires_in).toBe(t.config.accessTokenTtlMs / 1000);
    expect(session.access_token).toMatch(/^[\w-]{43}$/);
    expect(session.refresh_token).not.toBe(session.access_token);
    expect(session.user).toMatchObject({
      id: alice.id,
      email: alice.email,
      username: 'Alice.W',
      blocked: false,
    });

    const me = await http.get('auth/me', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(alice.id);
  });

  it('answers wrong password, unknown user and blocked user with the same 401 body', async () => {
    const attempts = [
      { username: alice.email, password: 'not-her-password' },
      { username: 'nobody@example.test', password: 'whatever1' },
      { username: blocked.email, password: blocked.password },
    ];
    const answers = [];
    for (const body of attempts) answers.push(await http.post('auth/login', body, { ip: '10.1.0.2' }));
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials });
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('audits every attempt with ip and username, never the password', async () => {
    await http.post('auth/login', { username: 'audit-me', password: 'Secret-Pass-1' }, { ip: '10.1.0.3' });
    const ok = await createUser(t, { username: 'audit-ok' });
    await http.post('auth/login', { username: 'audit-ok', password: ok.password }, { ip: '10.1.0.3' });

    // Not an account: what was typed as the name is not kept (it may be a password typed there).
    expect(await auditFor('audit-me')).toEqual([]);
    const [failed] = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.ip, '10.1.0.3')).orderBy(auditLog.id)
    ).filter((row) => row.action === 'auth.login.failed');
    expect(failed).toMatchObject({ actorId: null, targetId: null, details: { reason: 'unknown_user' } });
    const [succeeded] = await auditFor('audit-ok');
    // Written in the same statement as the session it names.
    expect(succeeded).toMatchObject({
      action: 'auth.login.succeeded',
      actorId: ok.id,
      targetId: String(ok.id),
      ip: '10.1.0.3',
      details: { username: 'audit-ok', singleSession: false, sessionId: expect.any(String) },
    });
    const [session] = await t.database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, String(succeeded!.details!.sessionId)));
    expect(session).toEqual({ userId: ok.id });

    const all = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain('Secret-Pass-1');
    expect(JSON.stringify(all)).not.toContain(ok.password);
  });

  it('answers malformed JSON with 400 in the error envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.malformedRequest });
  });

  it('answers a bad body with 422 and the contract messages keyed by field', async () => {
    const res = await http.post('auth/login', { username: '   ' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors).toEqual({
      username: ['Email or Username is a required field'],
      password: ['Password is a required field'],
    });
    expect(body.message).toBe('Email or Username is a required field');
  });
});
