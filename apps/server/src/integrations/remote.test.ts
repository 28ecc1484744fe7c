import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/builders';
import { MISBEHAVIOURS, startFakeRemote, type FakeRemote } from '../test/fake-remote';
import { BREAKER_OPEN_MS, createRemote, RemoteFailure, type RemoteLog } from './remote';

/** Outside systems cannot drag the portal down. */
const silent: RemoteLog = { debug: () => undefined, warn: () => undefined };
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (e: unknown) => e,
  );

describe('the response cap counts streamed bytes', () => {
  let fake: FakeRemote;
  afterEach(() => fake.close());

  it('refuses a chunked answer (no content-length) past 1 MiB, and reads one under it', async () => {
    fake = await startFakeRemote((request, response) => {
      const size = request.url === '/big' ? 1_048_577 : 1_048_000;
      response.writeHead(200, { 'content-type': 'application/json' });
      // Chunked: sent in pieces, never declaring its length.
      const piece = 'x'.repeat(64 * 1024);
      let sent = 2;
      response.write('"');
      while (sent + piece.length < size) {
        response.write(piece);
        sent += piece.length;
      }
      response.end(`${'x'.repeat(size - sent)}"`);
    });
    const outcomes: unknown[] = [];
    const remote = createRemote({
      system: 'Fake',
      baseUrl: fake.url,
      timeoutMs: 2_000,
      log: silent,
      observe: (call) => outcomes.push(call.outcome),
    });
    const big = await failureOf(remote.send({ method: 'GET', path: '/big' }));
    expect(big).toBeInstanceOf(RemoteFailure);
    expect(big).toMatchObject({ reason: 'body', status: 502 });
    // Counted (metrics, and the span is ended) like any other failed call.
    expect(outcomes).toEqual(['body']);
    const fits = await remote.send({ method: 'GET', path: '/fits' });
    expect((fits.body as string).length).toBe(1_047_998);
  });
});

describe('the circuit breaker', () => {
  let fake: FakeRemote;
  afterEach(async () => {
    vi.useRealTimers();
    await fake.close();
  });

  it('fails at once while a system that just timed out rests, then tries again', async () => {
    let slow = true;
    fake = await startFakeRemote((request, response) =>
      slow ? MISBEHAVIOURS.slow(request, response) : response.writeHead(204).end(),
    );
    const remote = createRemote({ system: 'Fake', baseUrl: fake.url, timeoutMs: 300, log: silent });
    expect(await failureOf(remote.send({ method: 'POST', path: '/login' }))).toMatchObject({
      reason: 'timeout',
    });
    expect(fake.requests()).toBe(1);

    const started = Date.now();
    expect(await failureOf(remote.send({ method: 'POST', path: '/login' }))).toMatchObject({
      reason: 'unreachable',
      status: 502,
    });
    expect(Date.now() - started).toBeLessThan(100);
    expect(fake.requests()).toBe(1);

    // After the pause, the next call goes through again.
    slow = false;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + BREAKER_OPEN_MS + 1);
    expect((await remote.send({ method: 'POST', path: '/login' })).status).toBe(204);
    expect(fake.requests()).toBe(2);
  });
});

describe('portal sign-ins while LD and TS hang', () => {
  let fake: FakeRemote;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeRemote((request, response) => MISBEHAVIOURS.slow(request, response));
    t = await createTestApp({ LD_URL: fake.url, TS_URL: fake.url, EXTERNAL_TIMEOUT_MS: '400' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('waits on them once, not on every attempt', async () => {
    const user = await createUser(t, { email: 'breaker@example.com' });
    const attempt = async () => {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth/login`,
        payload: { username: user.email, password: 'not-the-password' },
      });
      return { status: res.statusCode, ms: Date.now() - started };
    };
    const first = await attempt();
    expect(first.status).toBe(502);
    expect(first.ms).toBeGreaterThanOrEqual(800); // LD, then TS, each until the timeout
    expect(fake.requests()).toBe(2);
    const second = await attempt();
    expect(second.status).toBe(502);
    expect(second.ms).toBeLessThan(400);
    expect(fake.requests()).toBe(2);
  });
});
