import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS, REALTIME } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import {
  createUser,
  DEFAULT_TEST_PASSWORD,
  signedInAdmin,
  signIn,
  type BuiltUser,
  type TestTokens,
} from '../../test/builders';
import { runBulk } from '../../test/bulk';
import { api } from '../../test/http';
import { openEventStream } from '../../test/sse';

async function ticketFor(t: TestApp, tokens: TestTokens, user: Pick<BuiltUser, 'id'>) {
  const res = await api(t).post(
    'broadcasting/auth',
    { channel_name: REALTIME.loginChannel(user.id) },
    {
      headers: tokens.headers,
    },
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.ticket as string;
}
const listen = async (t: TestApp) => t.app.listen({ port: 0, host: '127.0.0.1' });

describe('realtime on one instance', () => {
  const t = useTestApp({}, { now: () => new Date(clock) });
  const http = api(t);
  let base: string;
  let clock = Date.now();
  beforeAll(async () => {
    base = await listen(t);
  });

  it("gives tickets for one's own channel only", async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    const other = await http.post(
      'broadcasting/auth',
      { channel_name: REALTIME.loginChannel(user.id + 1) },
      {
        headers: tokens.headers,
      },
    );
    expect(other.statusCode).toBe(403);
    expect(
      (await http.post('broadcasting/auth', { channel_name: 'presence-x' }, { headers: tokens.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post('broadcasting/auth', { channel_name: REALTIME.loginChannel(user.id) })).statusCode,
    ).toBe(401);
  });

  it('a ticket works once, and not after 60 s', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    const ticket = await ticketFor(t, tokens, user);
    const first = await openEventStream(base, ticket);
    expect(first.status).toBe(200);
    first.close();
    expect((await http.get(`realtime?ticket=${ticket}`)).statusCode).toBe(401);
    const late = await ticketFor(t, tokens, user);
    clock += REALTIME.ticketTtlMs + 1000;
    expect((await http.get(`realtime?ticket=${late}`)).statusCode).toBe(401);
    expect((await http.get('realtime')).statusCode).toBe(401);
  });

  it(`keeps at most ${REALTIME.maxStreamsPerUser} streams per user: a newer one ends the oldest`, async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    const streams = [];
    for (let i = 0; i <= REALTIME.maxStreamsPerUser; i += 1)
      streams.push(await openEventStream(base, await ticketFor(t, tokens, user)));
    await streams[0]!.waitFor(1, 2000);
    expect(streams[0]!.ended).toBe(true);
    expect(streams.slice(1).map((s) => s.ended)).toEqual(Array(REALTIME.maxStreamsPerUser).fill(false));
    expect(t.app.realtime.hub.size).toBeGreaterThanOrEqual(REALTIME.maxStreamsPerUser);
    for (const stream of streams) stream.close();
  });

  it('streams LoginNotificationEvent when the user signs in anywhere', async () => {
    const user = await createUser(t);
    const stream = await openEventStream(base, await ticketFor(t, await signIn(t, user), user));
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The stream writes its own head: it still carries the API's security headers and the request id.
    expect(stream.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    const res = await http.post(
      'auth/login',
      { username: user.email, password: user.password },
      { ip: '10.80.0.1' },
    );
    expect(res.statusCode).toBe(200);
    const event = await stream.waitFor(1);
    expect(event?.event).toBe(REALTIME.loginEvent);
    const data = JSON.parse(event!.data);
    expect(data).toEqual({ userId: user.id, at: expect.any(String) });
    expect(stream.retry).toBe(REALTIME.retryMs);
    // Another user's sign-in is not on this channel.
    const bob = await createUser(t);
    await http.post('auth/login', { username: bob.email, password: bob.password }, { ip: '10.80.0.2' });
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.events).toHaveLength(1);
    stream.close();
    await stream.done;
    await new Promise((r) => setTimeout(r, 50));
    expect(t.app.realtime.hub.size).toBe(0);
  });

  it("sign-out and a block end the user's streams of that sign-in, and only those", async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    const onLaptop = await openEventStream(base, await ticketFor(t, laptop, user));
    const onPhone = await openEventStream(base, await ticketFor(t, phone, user));
    expect(await http.post('auth/logout', undefined, { headers: laptop.headers })).toMatchObject({
      statusCode: 204,
    });
    await onLaptop.done;
    expect(onLaptop.ended).toBe(true);
    // The phone is still signed in: its stream stays (a refresh, too, keeps its sign-in going).
    expect((await http.post('auth/refresh', { refresh_token: phone.refreshToken })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect(onPhone.ended).toBe(false);
    const { tokens: admin } = await signedInAdmin(t);
    const blocked = await runBulk(
      t,
      { action: 'block', ids: [user.id], current_password: DEFAULT_TEST_PASSWORD },
      { headers: admin.headers },
    );
    expect(blocked.done).toBe(1);
    await onPhone.done;
    expect(onPhone.ended).toBe(true);
  });

  it('closing the app ends open streams', async () => {
    const own = await createTestApp();
    const url = await listen(own);
    const user = await createUser(own);
    const stream = await openEventStream(url, await ticketFor(own, await signIn(own, user), user));
    expect(stream.status).toBe(200);
    await own.close();
    await stream.done;
    expect(stream.ended).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('realtime across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { databaseUrl: a.config.databaseUrl });
    baseB = await listen(b);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a sign-in on A reaches a subscriber on B (ticket from A, redeemed on B)', async () => {
    const user = await createUser(a);
    const stream = await openEventStream(baseB, await ticketFor(a, await signIn(a, user), user));
    const res = await api(a).post(
      'auth/login',
      { username: user.email, password: user.password },
      { ip: '10.81.0.1' },
    );
    expect(res.statusCode).toBe(200);
    const event = await stream.waitFor(1);
    expect(JSON.parse(event!.data).userId).toBe(user.id);
    stream.close();
  });

  it('single session: a token revoked by a sign-in on A is refused by B at once', async () => {
    const user = await createUser(a, { meta: [{ key: META_KEYS.singleSession, value: '1' }] });
    const old = await signIn(a, user);
    const stream = await openEventStream(baseB, await ticketFor(b, old, user));
    expect((await api(b).get('auth/me', { headers: old.headers })).statusCode).toBe(200); // B caches it
    const res = await api(a).post(
      'auth/login',
      { username: user.email, password: user.password },
      { ip: '10.81.0.2' },
    );
    expect(res.statusCode).toBe(200);
    await stream.waitFor(1);
    // Well within B's 1 s cache ttl: only the broadcast revocation explains the 401.
    expect((await api(b).get('auth/me', { headers: old.headers })).statusCode).toBe(401);
    stream.close();
  });

  it('a sign-out on A ends the stream on B', async () => {
    const user = await createUser(a);
    const tokens = await signIn(a, user);
    const stream = await openEventStream(baseB, await ticketFor(a, tokens, user));
    expect(stream.status).toBe(200);
    expect((await api(a).post('auth/logout', undefined, { headers: tokens.headers })).statusCode).toBe(204);
    await stream.done;
    expect(stream.ended).toBe(true);
  });

  it('a logout on A is refused by B at once', async () => {
    const user = await createUser(a);
    const tokens = await signIn(a, user);
    expect((await api(b).get('auth/me', { headers: tokens.headers })).statusCode).toBe(200);
    expect((await api(a).post('auth/logout', undefined, { headers: tokens.headers })).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect((await api(b).get('auth/me', { headers: tokens.headers })).statusCode).toBe(401);
  });
});
