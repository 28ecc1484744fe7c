import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LINKED_APP_MESSAGES, MESSAGES, META_KEYS, ROLE_IDS, sessionSchema } from '@portal/contract';
import { auditLog, linkedAccounts, loginThrottle, sessions, users } from '../../db/schema';
import { useSmtpServer, useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, setUserMeta } from '../../test/builders';
import { api } from '../../test/http';
import { buildDispatchAccount, buildTelemetryAccount } from '../../test/simulators';

const codeOf = (text: string) => /security code is (\d{6})/.exec(text)?.[1];

describe('signing in with an LD or TS account', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }), { now: () => new Date(clock) });
  const http = api(t);
  let clock = Date.now();
  let n = 0;
  const ip = () => `10.20.${Math.floor(n / 200)}.${(n += 1) % 200}`;

  const newLd = (input = {}) => {
    const account = buildDispatchAccount(input);
    t.simulators!.ld.accounts.push(account);
    return account;
  };
  const newTs = () => {
    const account = buildTelemetryAccount();
    t.simulators!.ts.accounts.push(account);
    return account;
  };
  const login = (username: string, password: string, authKey?: string) =>
    http.post('auth/login', { username, password, ...(authKey && { authKey }) }, { ip: ip() });
  const linkOwner = async (app: string, externalUserId: string) =>
    (
      await t.database.db
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.app, app), eq(linkedAccounts.externalUserId, externalUserId)))
    )[0]?.userId;
  const userCount = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

  it('LD credentials with no link: 201, a new customer linked to the LD account; next time 200, the same user', async () => {
    const ld = newLd();
    const first = await login(ld.username, ld.password);
    expect(first.statusCode).toBe(201);
    const session = sessionSchema.parse(first.json().data);
    expect(session.user).toMatchObject({
      name: ld.name,
      email: ld.email,
      username: null,
      roles: [{ id: ROLE_IDS.customer }],
      ld: { user_id: ld.id, username: ld.username, client_name: ld.client_name, branch_name: ld.branch_name },
      ts: null,
    });
    expect(await linkOwner('ld', ld.id)).toBe(session.user.id);

    const second = await login(ld.username.toUpperCase(), ld.password);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(session.user.id);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(session.user.id)), like(auditLog.action, '%')));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['users.created_from_linked_app', 'auth.login.succeeded']),
    );
    const succeeded = audit.filter((row) => row.action === 'auth.login.succeeded');
    expect(succeeded).toHaveLength(2);
    expect(succeeded[0]!.details).toMatchObject({ via: 'ld', externalUserId: ld.id });
  });

  it('TS credentials (an email): 201 with a new user, then 200 with the same one', async () => {
    const ts = newTs();
    const first = await login(ts.email, ts.password);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.user.ts).toMatchObject({ user_id: ts.id, email: ts.email });
    const second = await login(ts.email, ts.password);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('an LD account linked from the Applications screen signs in its portal user', async () => {
    const user = await createUser(t);
    const ld = newLd();
    const tokens = await signIn(t, user);
    await http.post(
      'auth/link-ld',
      { username: ld.username, password: ld.password },
      { headers: tokens.headers, ip: ip() },
    );
    const res = await login(ld.username, ld.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(user.id);
  });

  it('wrong external credentials: the generic 401, counted by the throttle, nobody created', async () => {
    const ld = newLd();
    const before = await userCount();
    const res = await login(ld.username, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials });
    expect(await userCount()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(like(loginThrottle.key, `account:name:${ld.username.toLowerCase()}@%`));
    expect(row?.failures).toBe(1);
  });

  it('a blocked user stays out with their LD account, and no new user is made for it', async () => {
    const ld = newLd();
    const userId = (await login(ld.username, ld.password)).json().data.user.id as number;
    const admin = await signedInAdmin(t);
    await http.delete(`users/${userId}?block=1`, { headers: admin.tokens.headers });
    const before = await userCount();
    const res = await login(ld.username, ld.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials });
    expect(await userCount()).toBe(before);
  });

  it('a deleted user’s LD account makes a new user next time (the link went with the user)', async () => {
    const ld = newLd();
    const first = (await login(ld.username, ld.password)).json().data.user.id as number;
    const admin = await signedInAdmin(t);
    await http.delete(`users/${first}?block=0`, { headers: admin.tokens.headers });
    const again = await login(ld.username, ld.password);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.user.id).not.toBe(first);
  });

  it('two-factor applies: LD credentials → 202 with a secret and a mailed code → two-fa/verify', async () => {
    const ld = newLd();
    const userId = (await login(ld.username, ld.password)).json().data.user.id as number;
    await setUserMeta(t, userId, [{ key: META_KEYS.twoFactor, value: '1' }]);
    t.app.sessionCache.forget({ userId });

    const challenge = await login(ld.username, ld.password);
    expect(challenge.statusCode).toBe(202);
    const secret = challenge.json().data.secret as string;
    const code = codeOf((await smtp.next(ld.email!)).text)!;
    const verified = await http.post('two-fa/verify', { code, secret });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.id).toBe(userId);
  });

  it('an LD one-time code, then the portal’s own second factor: 202 without secret, 202 with one, session', async () => {
    const ld = newLd({ code: '777111' });
    const first = await login(ld.username, ld.password);
    expect(first.statusCode).toBe(202);
    expect(first.json().data).toEqual({ message: expect.stringMatching(/one-time code/) });
    const created = await login(ld.username, ld.password, '777111');
    expect(created.statusCode).toBe(201);
    const userId = created.json().data.user.id as number;

    await setUserMeta(t, userId, [{ key: META_KEYS.twoFactor, value: '1' }]);
    const withLdCode = await login(ld.username, ld.password, '777111');
    expect(withLdCode.statusCode).toBe(202); // the LD code is not taken for the portal's
    const secret = withLdCode.json().data.secret as string;
    expect(secret).toBeTruthy();
    const code = codeOf((await smtp.next(ld.email!)).text)!;
    expect((await http.post('two-fa/verify', { code, secret })).statusCode).toBe(200);
  });

  it('single session applies: an LD sign-in ends the user’s other sessions', async () => {
    const ld = newLd();
    const firstSession = (await login(ld.username, ld.password)).json().data;
    const userId = firstSession.user.id as number;
    await setUserMeta(t, userId, [{ key: META_KEYS.singleSession, value: '1' }]);
    t.app.sessionCache.forget({ userId });
    expect((await login(ld.username, ld.password)).statusCode).toBe(200);
    const me = await http.get('auth/me', {
      headers: { authorization: `Bearer ${firstSession.access_token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('an LD account whose email a portal user has: 409, never that user’s account', async () => {
    const existing = await createUser(t);
    const ld = newLd({ email: existing.email.toUpperCase() });
    const res = await login(ld.username, ld.password);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LINKED_APP_MESSAGES.emailTaken('Live Dispatch'));
    expect(await linkOwner('ld', ld.id)).toBeUndefined();
  });

  describe('hand-off from LD or TS (/ext-login)', () => {
    /** What LD does when it sends a signed-in user to the portal. */
    async function ldHandOff(account: { username: string; password: string }) {
      const signed = await fetch(`${t.simulators!.ldUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.username, password: account.password }),
      });
      const { access_token } = (await signed.json()) as { access_token: string };
      const minted = await fetch(`${t.simulators!.ldUrl}/api/sso/token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}` },
      });
      return ((await minted.json()) as { token: string }).token;
    }

    it('exchanges an LD token for a session once; a replay is 401 with the message of docs/product.md', async () => {
      const ld = newLd();
      const token = await ldHandOff(ld);
      const res = await http.get(`auth/external-login?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(200);
      const session = sessionSchema.parse(res.json().data);
      expect(session.user.ld).toMatchObject({ user_id: ld.id });
      expect(
        (await http.get('auth/me', { headers: { authorization: `Bearer ${session.access_token}` } }))
          .statusCode,
      ).toBe(200);

      const replay = await http.get(`auth/external-login?token=${encodeURIComponent(token)}`);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ message: MESSAGES.externalLoginFailed });

      // The hand-off brings no LD tokens: a later sign-in with credentials stores them on the same link.
      const [row] = await t.database.db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.externalUserId, ld.id));
      expect(row!.secrets).toBeNull();
      expect((await login(ld.username, ld.password)).json().data.user.id).toBe(session.user.id);
      const [after] = await t.database.db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.externalUserId, ld.id));
      expect(after!.secrets).toMatch(/^v1\./);
    });

    it('a token older than 60 s is 401 and opens no session', async () => {
      const ld = newLd();
      const token = await ldHandOff(ld);
      const sessionsBefore = (await t.database.db.select({ id: sessions.id }).from(sessions)).length;
      clock += 61_000;
      const res = await http.get(`auth/external-login?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.externalLoginFailed });
      expect((await t.database.db.select({ id: sessions.id }).from(sessions)).length).toBe(sessionsBefore);
    });

    it('a TS token signs in the TS account’s user', async () => {
      const ts = newTs();
      const signed = await fetch(`${t.simulators!.tsUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ts.email, password: ts.password }),
      });
      const cookie = signed.headers.getSetCookie()[0]!.split(';')[0]!;
      const { token } = (await (
        await fetch(`${t.simulators!.tsUrl}/api/sso/token`, { method: 'POST', headers: { cookie } })
      ).json()) as { token: string };
      const res = await http.get(`auth/external-login?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.ts).toMatchObject({ user_id: ts.id });
    });

    it('no token, a made-up token, or a user with two-factor on: 401 with the message of docs/product.md', async () => {
      for (const query of ['', '?token=', '?token=made-up-token']) {
        const res = await http.get(`auth/external-login${query}`);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: MESSAGES.externalLoginFailed });
      }
      const ld = newLd();
      const userId = (await login(ld.username, ld.password)).json().data.user.id as number;
      await setUserMeta(t, userId, [{ key: META_KEYS.twoFactor, value: '1' }]);
      const res = await http.get(`auth/external-login?token=${encodeURIComponent(await ldHandOff(ld))}`);
      expect(res.statusCode).toBe(401);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.external_login.failed'), eq(auditLog.targetId, String(userId))));
      expect(audit!.details).toMatchObject({ reason: 'two_factor', via: 'ld', externalUserId: ld.id });
    });
  });
});
