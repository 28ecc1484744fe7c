import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LINKED_APP_MESSAGES, MESSAGES, THROTTLE, userSchema } from '@portal/contract';
import { auditLog, linkedAccounts, loginThrottle } from '../../db/schema';
import { openSecret } from '../../lib/secret-box';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { buildDispatchAccount, buildTelemetryAccount } from '../../test/simulators';

describe('linking LD and TS accounts', () => {
  const t = useTestApp();
  const http = api(t);
  let ip = 0;
  const nextIp = () => `10.9.0.${(ip += 1)}`;

  /** A customer with a session, and a fresh LD and TS account of their own at the simulators. */
  async function customer() {
    const user = await createUser(t);
    const ld = buildDispatchAccount();
    const ts = buildTelemetryAccount();
    t.simulators!.ld.accounts.push(ld);
    t.simulators!.ts.accounts.push(ts);
    return { user, tokens: await signIn(t, user), ld, ts };
  }
  const linkRow = async (userId: number, app: string) =>
    (
      await t.database.db
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.app, app)))
    )[0];
  const auditOf = async (action: string, userId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))));
  const linkLd = (tokens: TestTokens, body: object, ip = nextIp()) =>
    http.post('auth/link-ld', body, { headers: tokens.headers, ip });

  it('links an LD account: the User shows it, auth/me too; the tokens are stored sealed and never sent', async () => {
    const { user, tokens, ld } = await customer();
    const res = await linkLd(tokens, { username: ld.username, password: ld.password });
    expect(res.statusCode).toBe(200);
    const linked = userSchema.parse(res.json().data);
    expect(linked.ld).toEqual({
      user_id: ld.id,
      username: ld.username,
      email: ld.email,
      name: ld.name,
      client_name: ld.client_name,
      branch_name: ld.branch_name,
    });
    expect(res.body).not.toMatch(/access_token|refresh_token|accessToken|secrets/);
    expect((await http.get('auth/me', { headers: tokens.headers })).json().data.ld.user_id).toBe(ld.id);

    // Sealed with APP_KEY for this user and app, and what it holds is a token LD really accepts.
    const row = await linkRow(user.id, 'ld');
    expect(row!.secrets).toMatch(/^v1\./);
    expect(openSecret(t.config.appKey, `linked_accounts:ld:${user.id + 1}`, row!.secrets!)).toBeNull();
    const secrets = JSON.parse(openSecret(t.config.appKey, `linked_accounts:ld:${user.id}`, row!.secrets!)!);
    const me = await fetch(`${t.simulators!.ldUrl}/api/me`, {
      headers: { authorization: `Bearer ${secrets.accessToken}` },
    });
    expect(await me.json()).toMatchObject({ id: ld.id });

    expect(await auditOf('linked_apps.linked', user.id)).toEqual([
      expect.objectContaining({ actorId: user.id, details: { app: 'ld', externalUserId: ld.id } }),
    ]);
  });

  it('asks for LD’s one-time code (202, nothing stored), then links with it', async () => {
    const { user, tokens } = await customer();
    const ld = buildDispatchAccount({ code: '135790' });
    t.simulators!.ld.accounts.push(ld);
    const first = await linkLd(tokens, { username: ld.username, password: ld.password });
    expect(first.statusCode).toBe(202);
    expect(first.json().data.message).toMatch(/one-time code/);
    expect(await linkRow(user.id, 'ld')).toBeUndefined();

    const wrong = await linkLd(tokens, { username: ld.username, password: ld.password, authKey: '1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('The one-time code is invalid.');

    const ok = await linkLd(tokens, { username: ld.username, password: ld.password, authKey: '135790' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.ld.user_id).toBe(ld.id);
  });

  it('refuses wrong LD credentials with 422 and LD’s message, stores nothing, counts the failure', async () => {
    const { user, tokens, ld } = await customer();
    const res = await linkLd(tokens, { username: ld.username, password: 'wrong-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Invalid username or password.' });
    expect(await linkRow(user.id, 'ld')).toBeUndefined();
    const [throttle] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(like(loginThrottle.key, `account:name:${ld.username.toLowerCase()}@%`));
    expect(throttle?.failures).toBe(1);
  });

  it('locks the name at the address after repeated failures: 429 with Retry-After, even with the right password', async () => {
    const { tokens, ld } = await customer();
    const ip = nextIp();
    for (let i = 0; i < THROTTLE.accountFailures; i++) {
      expect((await linkLd(tokens, { username: ld.username, password: `wrong-${i}` }, ip)).statusCode).toBe(
        422,
      );
    }
    const locked = await linkLd(tokens, { username: ld.username, password: ld.password }, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('links an external account to one portal user only: 422 for a second one', async () => {
    const alice = await customer();
    const bob = await customer();
    expect(
      (await linkLd(alice.tokens, { username: alice.ld.username, password: alice.ld.password })).statusCode,
    ).toBe(200);
    const res = await linkLd(bob.tokens, { username: alice.ld.username, password: alice.ld.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(LINKED_APP_MESSAGES.alreadyLinked('Live Dispatch'));
    expect(await linkRow(bob.user.id, 'ld')).toBeUndefined();
    expect((await linkRow(alice.user.id, 'ld'))!.externalUserId).toBe(alice.ld.id);
  });

  it('relinking to another account of the same app replaces the link', async () => {
    const { user, tokens, ld } = await customer();
    const other = buildDispatchAccount();
    t.simulators!.ld.accounts.push(other);
    await linkLd(tokens, { username: ld.username, password: ld.password });
    const res = await linkLd(tokens, { username: other.username, password: other.password });
    expect(res.json().data.ld.user_id).toBe(other.id);
    expect((await linkRow(user.id, 'ld'))!.externalUserId).toBe(other.id);
  });

  it('validates the body with the app’s labels (docs/product.md §5)', async () => {
    const { tokens } = await customer();
    const ld = await linkLd(tokens, { username: ' ', password: '' });
    expect(ld.statusCode).toBe(422);
    expect(ld.json().errors).toEqual({
      username: ['Username is a required field'],
      password: ['Password is a required field'],
    });
    const ts = await http.post('auth/link-ts', { password: 'x' }, { headers: tokens.headers });
    expect(ts.json().errors).toEqual({ username: ['Email is a required field'] });
  });

  it('needs a portal session', async () => {
    expect((await http.post('auth/link-ld', { username: 'a', password: 'b' })).statusCode).toBe(401);
    expect((await http.delete('auth/unlink-ld')).statusCode).toBe(401);
    expect((await http.get('auth/tattle-user')).statusCode).toBe(401);
  });

  it('unlinks: the part is null, the row gone, audited; another app name is 404 "Unknown app."', async () => {
    const { user, tokens, ld } = await customer();
    await linkLd(tokens, { username: ld.username, password: ld.password });
    const res = await http.delete('auth/unlink-ld', { headers: tokens.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ld).toBeNull();
    expect(await linkRow(user.id, 'ld')).toBeUndefined();
    expect((await http.get('auth/me', { headers: tokens.headers })).json().data.ld).toBeNull();
    expect(await auditOf('linked_apps.unlinked', user.id)).toEqual([
      expect.objectContaining({ details: { app: 'ld', externalUserId: ld.id } }),
    ]);

    const again = await http.delete('auth/unlink-ld', { headers: tokens.headers });
    expect(again.statusCode).toBe(200);
    const unknown = await http.delete('auth/unlink-bi', { headers: tokens.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.unknownApp });
  });

  describe('Tattle Systems session', () => {
    it('links TS and answers its user; when TS ends the session: 409, the link is cleared', async () => {
      const { user, tokens, ts } = await customer();
      const linked = await http.post(
        'auth/link-ts',
        { username: ts.email, password: ts.password },
        { headers: tokens.headers, ip: nextIp() },
      );
      expect(linked.statusCode).toBe(200);
      expect(linked.json().data.ts).toEqual({
        user_id: ts.id,
        username: ts.username,
        email: ts.email,
        name: ts.name,
      });
      expect(linked.body).not.toMatch(/jsession|sessionId/i);

      const check = await http.get('auth/tattle-user', { headers: tokens.headers });
      expect(check.statusCode).toBe(200);
      expect(check.json().data).toEqual({
        user_id: ts.id,
        username: ts.username,
        email: ts.email,
        name: ts.name,
      });

      t.simulators!.ts.expireSessions(ts.email);
      const gone = await http.get('auth/tattle-user', { headers: tokens.headers });
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toEqual({ message: LINKED_APP_MESSAGES.tattleSessionGone });
      expect(await linkRow(user.id, 'ts')).toBeUndefined();
      expect((await http.get('auth/me', { headers: tokens.headers })).json().data.ts).toBeNull();
      expect(await auditOf('linked_apps.session_ended', user.id)).toHaveLength(1);
    });

    it('409 when TS is not linked', async () => {
      const { tokens } = await customer();
      const res = await http.get('auth/tattle-user', { headers: tokens.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LINKED_APP_MESSAGES.notLinked('Tattle Systems'));
    });
  });

  it('lists where each app opens', async () => {
    const { tokens } = await customer();
    const res = await http.get('linked-apps', { headers: tokens.headers });
    expect(res.json().data).toEqual([
      { app: 'ld', name: 'Live Dispatch', url: new URL(t.simulators!.ldUrl).origin },
      { app: 'ts', name: 'Tattle Systems', url: new URL(t.simulators!.tsUrl).origin },
    ]);
  });

  describe('admins and deleted users', () => {
    it('admins see a user’s links (users list and user); deleting the user removes them', async () => {
      const admin = await signedInAdmin(t);
      const { user, tokens, ld } = await customer();
      await linkLd(tokens, { username: ld.username, password: ld.password });

      const one = await http.get(`users/${user.id}`, { headers: admin.tokens.headers });
      expect(one.json().data.ld).toMatchObject({ user_id: ld.id, username: ld.username });
      const list = await http.get(`users?search=${encodeURIComponent(user.email)}`, {
        headers: admin.tokens.headers,
      });
      expect(list.json().data[0].ld).toMatchObject({ user_id: ld.id });
      expect(list.body).not.toMatch(/secrets|access_token/);

      await http.delete(`users/${user.id}?block=0`, { headers: admin.tokens.headers });
      expect(await linkRow(user.id, 'ld')).toBeUndefined();
      // The LD account is free again: someone else may link it.
      const other = await customer();
      expect((await linkLd(other.tokens, { username: ld.username, password: ld.password })).statusCode).toBe(
        200,
      );
    });
  });
});
