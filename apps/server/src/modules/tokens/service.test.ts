import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROLE_IDS } from '@portal/contract';
import { auditLog, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { registerErrorHandler } from '../../plugins/error-handler';
import { createUser } from '../../test/builders';
import { useTestApp } from '../../test/use-test-app';
import { SessionCache } from './cache';
import { authOf, createGuard, SESSION_CACHE_TTL_MS } from './guard';
import { createSessionRepository } from './repository';
import { accessTokenHash, createTokenService, TOUCH_EVERY_MS, type TokenTtls } from './service';

const DAY = 86_400_000;
const TTLS: TokenTtls = {
  accessTokenTtlMs: 15 * 60_000,
  refreshTokenTtlMs: 10 * DAY,
  refreshFamilyMaxMs: 30 * DAY,
};
const client = { ip: '203.0.113.7', userAgent: 'vitest' };
const unauthenticated = { status: 401, message: MESSAGES.unauthenticated };

/**
 * The token service and its guard over the test app's database, with a clock the test sets and
 * every call to the sessions repository recorded: what a request costs the database is part of
 * the guard's contract (a remembered session is served without it), and so is what a refresh
 * does to the rows.
 */
describe('the token service and its guard', () => {
  const t = useTestApp();
  afterEach(() => vi.useRealTimers());

  function tokensAt(start: number, ttls: TokenTtls = TTLS) {
    const clock = { now: start };
    const calls: string[] = [];
    const repository = createSessionRepository(t.database.db);
    const counted = new Proxy(repository, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(name));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const service = createTokenService({
      db: t.database.db,
      sessions: counted,
      cache: new SessionCache(SESSION_CACHE_TTL_MS),
      ttls,
      now: () => new Date(clock.now),
    });
    const issue = (userId: number) => service.issue({ userId, client, now: new Date(clock.now) });
    return { service, calls, clock, issue, guard: createGuard(service) };
  }

  /** A server with one route behind `authenticate` and one behind `requireRoles(admin)`. */
  async function serverOf(guard: ReturnType<typeof createGuard>) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/who', { onRequest: guard.authenticate }, async (request) => ({ id: authOf(request).user.id }));
    app.get('/admin', { onRequest: guard.requireRoles(ROLE_IDS.admin) }, async (request) => ({
      id: authOf(request).user.id,
    }));
    await app.ready();
    const get = async (url: string, token: string) => {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    return { app, get };
  }

  it('serves a remembered session at once, without a database read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t);
    const { guard, calls, issue } = tokensAt(Date.now());
    const { accessToken } = await issue(user.id);
    const server = await serverOf(guard);

    calls.length = 0;
    expect(await server.get('/who', accessToken)).toEqual({ status: 200, body: { id: user.id } });
    expect(calls).toEqual(['findActive']);
    // Remembered now: the next requests (under SESSION_CACHE_TTL_MS later) cost no query…
    calls.length = 0;
    expect(await server.get('/who', accessToken)).toEqual({ status: 200, body: { id: user.id } });
    expect(calls).toEqual([]);
    // …and the hook lets them through before it returns: no promise, no waiting for a turn.
    const request = { headers: { authorization: `Bearer ${accessToken}` }, auth: null } as FastifyRequest;
    let passed: unknown = 'not yet';
    guard.authenticate(request, {} as FastifyReply, (err) => {
      passed = err;
    });
    expect(passed).toBeUndefined();
    expect(request.auth?.user.id).toBe(user.id);
    await server.app.close();
  });

  it('records the use of a remembered session from the cache when its last one is a minute old, once', async () => {
    const user = await createUser(t);
    const { service, calls, clock, issue } = tokensAt(Date.UTC(2026, 3, 1));
    const hash = accessTokenHash((await issue(user.id)).accessToken)!;
    const issued = clock.now;
    const resolveAt = async (ms: number) => (await service.resolve(hash, new Date(issued + ms)))?.user.id;

    calls.length = 0;
    expect(await resolveAt(TOUCH_EVERY_MS - 500)).toBe(user.id);
    expect(calls).toEqual(['findActive']);
    // Remembered for a second now: the guard's synchronous path serves it while the last use is
    // under a minute old, not at the minute…
    expect(service.remembered(hash, issued + TOUCH_EVERY_MS - 1)?.user.id).toBe(user.id);
    expect(service.remembered(hash, issued + TOUCH_EVERY_MS)).toBeUndefined();
    // …resolve serves it from the cache, writing nothing under the minute, the use at the minute…
    calls.length = 0;
    expect(await resolveAt(TOUCH_EVERY_MS - 1)).toBe(user.id);
    expect(calls).toEqual([]);
    expect(await resolveAt(TOUCH_EVERY_MS)).toBe(user.id);
    expect(calls).toEqual(['touch']);
    // …and once: the cache now knows of that use.
    calls.length = 0;
    expect(await resolveAt(TOUCH_EVERY_MS + 400)).toBe(user.id);
    expect(service.remembered(hash, issued + TOUCH_EVERY_MS + 400)?.user.id).toBe(user.id);
    expect(calls).toEqual([]);
    const [row] = await t.database.db
      .select({ lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.lastUsedAt.getTime()).toBe(issued + TOUCH_EVERY_MS);
  });

  it('lets one of two refreshes racing with the same token win; the other is reuse and ends the family', async () => {
    const user = await createUser(t);
    const { service, issue } = tokensAt(Date.now());
    const { refreshToken } = await issue(user.id);
    const answers = await Promise.allSettled([
      service.rotate(refreshToken, client),
      service.rotate(refreshToken, client),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['fulfilled', 'rejected']);
    const won = answers.find(
      (answer): answer is PromiseFulfilledResult<Awaited<ReturnType<typeof service.rotate>>> =>
        answer.status === 'fulfilled',
    );
    const lost = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
    expect(lost?.reason).toMatchObject(unauthenticated);
    await expect(service.rotate(won?.value.tokens.refreshToken ?? '', client)).rejects.toMatchObject(
      unauthenticated,
    );
    const reasons = (await rowsOf(user.id)).map((row) => row.revokedReason);
    expect(reasons.sort()).toEqual(['reuse', 'rotated']);
  });

  it('refuses what cannot be one of its tokens without a database read', async () => {
    const { guard, service, calls } = tokensAt(Date.now());
    const server = await serverOf(guard);
    for (const token of ['short', `${'a'.repeat(42)}!`, 'a'.repeat(44)]) {
      expect(await server.get('/who', token)).toEqual({
        status: 401,
        body: { message: MESSAGES.unauthenticated },
      });
      await expect(service.rotate(token, client)).rejects.toMatchObject(unauthenticated);
    }
    expect(calls).toEqual([]);
    await server.app.close();
  });

  it('answers requireRoles with 401 for an unknown token, 403 for a customer and lets an admin in', async () => {
    const { guard, issue } = tokensAt(Date.now());
    const server = await serverOf(guard);
    const admin = await createUser(t, { roleId: ROLE_IDS.admin });
    const customer = await createUser(t);
    expect(await server.get('/admin', 'a'.repeat(43))).toEqual({
      status: 401,
      body: { message: MESSAGES.unauthenticated },
    });
    expect((await server.get('/admin', (await issue(customer.id)).accessToken)).status).toBe(403);
    expect(await server.get('/admin', (await issue(admin.id)).accessToken)).toEqual({
      status: 200,
      body: { id: admin.id },
    });
    await server.app.close();
  });

  it('stops honouring a remembered access token the moment its refresh token is rotated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t);
    const { guard, service, issue } = tokensAt(Date.now());
    const first = await issue(user.id);
    const server = await serverOf(guard);
    expect((await server.get('/who', first.accessToken)).status).toBe(200); // remembered now
    const { tokens: second } = await service.rotate(first.refreshToken, client);
    expect((await server.get('/who', first.accessToken)).status).toBe(401);
    expect((await server.get('/who', second.accessToken)).status).toBe(200);
    await server.app.close();
  });

  const rowsOf = (userId: number) =>
    t.database.db
      .select({ revokedReason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sessions.createdAt);

  it('treats a rotated refresh token that comes back after its own expiry as reuse: the family ends', async () => {
    const user = await createUser(t);
    const { service, clock, issue } = tokensAt(Date.UTC(2026, 0, 1));
    const stolen = await issue(user.id);
    clock.now += 5 * DAY;
    const { tokens: current } = await service.rotate(stolen.refreshToken, client);
    // The stolen token's own ten days are over; the family's current token still has five to go.
    clock.now += 7 * DAY;
    await expect(service.rotate(stolen.refreshToken, client)).rejects.toMatchObject(unauthenticated);
    expect(await rowsOf(user.id)).toEqual([{ revokedReason: 'rotated' }, { revokedReason: 'reuse' }]);
    const alarms = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.refresh.reused'), eq(auditLog.targetId, String(user.id))));
    const [family] = await t.database.db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .limit(1);
    expect(alarms).toEqual([
      expect.objectContaining({
        actorId: null,
        targetType: 'user',
        ip: client.ip,
        details: { familyId: family?.familyId },
      }),
    ]);
    await expect(service.rotate(current.refreshToken, client)).rejects.toMatchObject(unauthenticated);
  });

  it('refuses a refresh token from the millisecond it expires', async () => {
    const user = await createUser(t);
    const { service, clock, issue } = tokensAt(Date.UTC(2026, 1, 1));
    const [early, late] = [await issue(user.id), await issue(user.id)];
    clock.now += TTLS.refreshTokenTtlMs - 1;
    await service.rotate(early.refreshToken, client);
    clock.now += 1;
    await expect(service.rotate(late.refreshToken, client)).rejects.toThrow(AppError);
    // Expired is not reuse: the late sign-in's row is left as it was.
    const reasons = (await rowsOf(user.id)).map((row) => row.revokedReason);
    expect(reasons.sort()).toEqual([null, null, 'rotated']);
  });

  it('ends a family REFRESH_FAMILY_MAX_DAYS after its sign-in, for tokens issued under a longer maximum too', async () => {
    const user = await createUser(t);
    const before = tokensAt(Date.UTC(2026, 2, 1));
    const [early, late] = [await before.issue(user.id), await before.issue(user.id)];
    // The maximum was lowered to five days since; both tokens' own ten days still run.
    const { service } = tokensAt(before.clock.now + 5 * DAY - 1, { ...TTLS, refreshFamilyMaxMs: 5 * DAY });
    const { tokens } = await service.rotate(early.refreshToken, client);
    expect(tokens.expiresInSeconds).toBe(15 * 60);
    const after = tokensAt(before.clock.now + 5 * DAY, { ...TTLS, refreshFamilyMaxMs: 5 * DAY });
    await expect(after.service.rotate(late.refreshToken, client)).rejects.toMatchObject(unauthenticated);
  });

  it('refuses the refresh of a session that outlived its user’s block (a sign-in that raced it)', async () => {
    const user = await createUser(t);
    const { service, issue } = tokensAt(Date.now());
    const { refreshToken } = await issue(user.id);
    // Blocking revokes the user's sessions; one a racing sign-in wrote just after is still live.
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    await expect(service.rotate(refreshToken, client)).rejects.toMatchObject(unauthenticated);
    expect(await rowsOf(user.id)).toEqual([{ revokedReason: null }]);
  });
});
