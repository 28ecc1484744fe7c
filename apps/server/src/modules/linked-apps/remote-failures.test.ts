import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKED_APP_MESSAGES } from '@portal/contract';
import { linkedAccounts, loginThrottle, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/builders';
import { closedPortUrl, MISBEHAVIOURS, startFakeRemote, type FakeRemote } from '../../test/fake-remote';
import { api } from '../../test/http';
import { sealLinkSecrets } from './secrets';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * LD and TS failing behind the portal's API: down, slower than EXTERNAL_TIMEOUT_MS, 5xx, not JSON.
 * Every call that needs them answers 502 with a short message, stores nothing, and leaves the
 * portal session as it was.
 */
describe('when LD or TS fail', () => {
  let t: TestApp;
  let down: TestApp;
  let http: ReturnType<typeof api>;
  let fake: FakeRemote;
  let misbehave: Answer = MISBEHAVIOURS['5xx'];
  let ip = 0;
  beforeAll(async () => {
    fake = await startFakeRemote((request, response) => misbehave(request, response));
    t = await createTestApp({ LD_URL: fake.url, TS_URL: fake.url, EXTERNAL_TIMEOUT_MS: '300' });
    http = api(t);
    const closed = await closedPortUrl();
    down = await createTestApp({ LD_URL: closed, TS_URL: closed });
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await fake.close();
  });

  const linkCount = async (app: TestApp) => (await app.database.db.select().from(linkedAccounts)).length;

  const modes: Array<[string, () => { app: TestApp }]> = [
    ['down', () => ({ app: down })],
    ...Object.entries(MISBEHAVIOURS).map(([name, answer]): [string, () => { app: TestApp }] => [
      name,
      () => {
        misbehave = answer;
        return { app: t };
      },
    ]),
  ];

  for (const [mode, setUp] of modes) {
    describe(mode, () => {
      it('link-ld and link-ts: 502 with a short message, nothing stored, the session untouched', async () => {
        const { app } = setUp();
        const call = api(app);
        const user = await createUser(app);
        const tokens = await signIn(app, user);
        for (const [path, name] of [
          ['auth/link-ld', 'Live Dispatch'],
          ['auth/link-ts', 'Tattle Systems'],
        ] as const) {
          const res = await call.post(
            path,
            { username: 'someone@example.com', password: 'pw' },
            { headers: tokens.headers },
          );
          expect(res.statusCode).toBe(502);
          expect(res.json()).toEqual({ message: LINKED_APP_MESSAGES.unavailable(name) });
        }
        expect(await linkCount(app)).toBe(0);
        const me = await call.get('auth/me', { headers: tokens.headers });
        expect(me.statusCode).toBe(200);
        expect(me.json().data).toMatchObject({ id: user.id, ld: null, ts: null });
      });

      it('sign-in with credentials the portal refuses: 502 naming both systems, counted, nobody created', async () => {
        const { app } = setUp();
        const before = (await app.database.db.select({ id: users.id }).from(users)).length;
        const username = `stranger-${mode.toLowerCase()}@example.com`;
        const res = await api(app).post(
          'auth/login',
          { username, password: 'whatever-1' },
          { ip: `10.11.0.${(ip += 1)}` },
        );
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({
          message: LINKED_APP_MESSAGES.signInUnavailable('Live Dispatch or Tattle Systems'),
        });
        expect((await app.database.db.select({ id: users.id }).from(users)).length).toBe(before);
        // Counted like any refused sign-in: an outage must not open a window for guessing.
        const [throttle] = await app.database.db
          .select()
          .from(loginThrottle)
          .where(like(loginThrottle.key, `account:name:${username}@%`));
        expect(throttle?.failures).toBe(1);
      });

      it('portal credentials still sign in', async () => {
        const { app } = setUp();
        const user = await createUser(app);
        const res = await api(app).post(
          'auth/login',
          { username: user.email, password: user.password },
          { ip: `10.11.1.${(ip += 1)}` },
        );
        expect(res.statusCode).toBe(200);
      });

      it('a hand-off token cannot be checked: 502, no session', async () => {
        const { app } = setUp();
        const res = await api(app).get('auth/external-login?token=some-token-value');
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe(LINKED_APP_MESSAGES.unavailable('Live Dispatch'));
        expect(res.body).not.toMatch(/access_token/);
      });
    });
  }

  it('LD and TS down: a blocked account with its right password gets the answer of a wrong password', async () => {
    const user = await createUser(down);
    await down.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    const attempt = async (password: string) => {
      const res = await api(down).post(
        'auth/login',
        { username: user.email, password },
        { ip: `10.11.2.${(ip += 1)}` },
      );
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const wrong = await attempt('not-the-password-1');
    expect(wrong.status).toBe(502);
    expect(await attempt(user.password)).toEqual(wrong);
  });

  it('auth/tattle-user with TS down: 502 and the link stays', async () => {
    const user = await createUser(down);
    const tokens = await signIn(down, user);
    await down.database.db.insert(linkedAccounts).values({
      userId: user.id,
      app: 'ts',
      externalUserId: 'ts-y',
      username: 'y',
      secrets: sealLinkSecrets(down.config.appKey, 'ts', user.id, { sessionId: 'session-0000001' }),
    });
    const res = await api(down).get('auth/tattle-user', { headers: tokens.headers });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(LINKED_APP_MESSAGES.unavailable('Tattle Systems'));
    const rows = await down.database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('auth/tattle-user for a link without a stored session (made by a hand-off): 409, TS not asked', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    await t.database.db
      .insert(linkedAccounts)
      .values({ userId: user.id, app: 'ts', externalUserId: 'ts-x', username: 'x', secrets: null });
    const asked = fake.requests();
    const res = await http.get('auth/tattle-user', { headers: tokens.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LINKED_APP_MESSAGES.tattleSessionGone);
    expect(fake.requests()).toBe(asked);
  });
});
