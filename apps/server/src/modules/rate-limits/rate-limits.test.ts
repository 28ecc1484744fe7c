import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGES, RATE_LIMITS, REALTIME } from '@portal/contract';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { nsbiCustomer } from '../../test/nsbi';

/**
 * Rate limits that hold across instances (docs/api.md "Rate limits", decision 0024): two apps on
 * one database stand for two instances behind the balancer, each request going to the other.
 */
describe('rate limits across instances', () => {
  let clock = new Date('2026-05-04T09:00:00Z');
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    second = await buildApp(t.config, {
      database: t.database,
      logger: false,
      now: () => clock,
      housekeepingTimer: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /** The same call, alternately on each instance. */
  const onEither = (i: number) => (i % 2 === 0 ? t.app : second);
  const post = (
    i: number,
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    ip = '127.0.0.1',
  ) => onEither(i).inject({ method: 'POST', url: `/api/v1.0/${url}`, payload, headers, remoteAddress: ip });

  it('counts usage clicks per user over both instances: past the limit 429 with Retry-After and a message', async () => {
    const user = await createUser(t);
    const { headers } = await signIn(t, user);
    for (let i = 0; i < RATE_LIMITS.clicks.limit; i += 1)
      expect((await post(i, 'user-logs/increase-nsbi-clicks', {}, headers)).statusCode).toBe(204);
    const refused = await post(1, 'user-logs/increase-nsbi-clicks', {}, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Someone else clicks on; and the window ends for this user after its minute.
    const other = await signIn(t, await createUser(t));
    expect((await post(0, 'user-logs/increase-nsbi-clicks', {}, other.headers)).statusCode).toBe(204);
    clock = new Date(clock.getTime() + RATE_LIMITS.clicks.windowMs);
    expect((await post(0, 'user-logs/increase-nsbi-clicks', {}, headers)).statusCode).toBe(204);
  });

  it('limits realtime tickets per user', async () => {
    const user = await createUser(t);
    const { headers } = await signIn(t, user);
    const body = { channel_name: REALTIME.loginChannel(user.id) };
    for (let i = 0; i < RATE_LIMITS.realtimeTickets.limit; i += 1)
      expect((await post(i, 'broadcasting/auth', body, headers)).statusCode).toBe(200);
    expect((await post(0, 'broadcasting/auth', body, headers)).statusCode).toBe(429);
  });

  it('limits report-tree refreshes (each re-reads the BI server) per user, not the cached reads', async () => {
    const { tokens } = await nsbiCustomer(t);
    const get = (i: number, query: string) =>
      onEither(i).inject({
        url: `/api/v1.0/dundas-bi/project/project-items${query}`,
        headers: tokens.headers,
      });
    for (let i = 0; i < RATE_LIMITS.biRefresh.limit; i += 1)
      expect((await get(i, '?refresh=1')).statusCode).toBe(200);
    const refused = await get(1, '?refresh=1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get(0, '')).statusCode).toBe(200);
  });

  it('limits sign-ups per client address', async () => {
    const signUp = (i: number, ip: string) =>
      post(
        i,
        'auth/signup',
        {
          name: 'Rate Limited',
          email: `signup-${ip}-${i}@example.test`,
          password: 'a-long-pass-1',
          password_confirmation: 'a-long-pass-1',
        },
        {},
        ip,
      );
    for (let i = 0; i < RATE_LIMITS.signUp.limit; i += 1)
      expect((await signUp(i, '203.0.113.9')).statusCode).toBe(201);
    const refused = await signUp(99, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(RATE_LIMIT_MESSAGES.tooManySignUps);
    expect((await signUp(100, '203.0.113.10')).statusCode).toBe(201);
  });

  it('limits forgot-password per address before the email’s own limit is spent', async () => {
    const forgot = (i: number, email: string, ip: string) => post(i, 'passwords/forgot', { email }, {}, ip);
    const ip = '198.51.100.20';
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerIp.limit; i += 1)
      expect((await forgot(i, `nobody-${i}@example.test`, ip)).statusCode).toBe(200);
    expect((await forgot(0, 'victim@example.test', ip)).statusCode).toBe(429);
    // The refused request did not count against the victim's email.
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerEmail.limit; i += 1)
      expect((await forgot(i, 'victim@example.test', `198.51.100.${30 + i}`)).statusCode).toBe(200);
  });
});

describe('the rate limiter under concurrency', () => {
  it('lets exactly the limit through when a burst arrives at once', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const { headers } = await signIn(t, user);
      const http = api(t);
      const answers = await Promise.all(
        Array.from({ length: RATE_LIMITS.clicks.limit + 20 }, () =>
          http.post('user-logs/increase-nsbi-clicks', undefined, { headers }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 204)).toHaveLength(RATE_LIMITS.clicks.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    } finally {
      await t.close();
    }
    // An app of its own: under a busy machine starting one takes a while.
  }, 120_000);
});
