import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MESSAGES, META_KEYS, ROLE_IDS, sessionSchema, userSchema } from '@portal/contract';
import { sessions, userMeta } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { bearer, createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { SESSION_CACHE_TTL_MS } from '../tokens';

describe('sessions: me, refresh, logout and the guard', () => {
  const t = useTestApp();
  const http = api(t);
  afterEach(() => vi.useRealTimers());

  const me = (accessToken: string) => http.get('auth/me', { headers: bearer(accessToken) });
  const refresh = (refreshToken: string) => http.post('auth/refresh', { refresh_token: refreshToken });
  const unauthenticated = { message: MESSAGES.unauthenticated };

  it('answers auth/me with the User of the contract and nothing secret', async () => {
    const user = await createUser(t, {
      username: 'meuser',
      roleIds: [ROLE_IDS.admin, ROLE_IDS.developer],
      meta: [
        { key: META_KEYS.companyName, value: 'ACME' },
        { key: META_KEYS.nsbiEnabled, value: '1' },
      ],
    });
    const { accessToken, refreshToken } = await signIn(t, user);
    const res = await me(accessToken);
    expect(res.statusCode).toBe(200);
    const data = z.strictObject(userSchema.shape).parse(res.json().data);
    expect(data).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      username: 'meuser',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      logo: null,
      roles: [
        { id: 1, name: 'Administrator', short_name: 'admin' },
        { id: 2, name: 'Developer', short_name: 'developer' },
      ],
      role: { is_admin: true },
      meta: [
        { key: 'company_name', value: 'ACME' },
        { key: 'settings.nsbi_enabled', value: '1' },
      ],
      dundas: null,
      ts: null,
      ld: null,
      blocked: false,
    });
    for (const secret of ['password', 'hash', accessToken, refreshToken, user.password]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it.each([
    ['no header', {}],
    ['not Bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['junk token', { authorization: 'Bearer nonsense' }],
    ['unknown token', { authorization: `Bearer ${'a'.repeat(43)}` }],
  ])('answers 401 Unauthenticated. for %s', async (_case, headers) => {
    const res = await http.get('auth/me', { headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });

  it('takes an access token only as "Bearer <token>" (the word in any case) in Authorization', async () => {
    const { accessToken } = await signIn(t, await createUser(t));
    const meWith = (authorization: string) => http.get('auth/me', { headers: { authorization } });
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await meWith(`${scheme} ${accessToken}`)).statusCode).toBe(200);
    }
    for (const wrong of [
      accessToken,
      `Basic ${accessToken}`,
      `xBearer ${accessToken}`,
      `Bearer ${accessToken} x`,
      `Bearer  ${accessToken}`,
      'Bearer',
    ]) {
      const res = await meWith(wrong);
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json()).toEqual(unauthenticated);
    }
  });

  it('refuses an expired access token and a blocked user', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t);
    const { accessToken } = await signIn(t, user);
    expect((await me(accessToken)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + t.config.accessTokenTtlMs + 1000);
    expect((await me(accessToken)).statusCode).toBe(401);
    vi.useRealTimers();

    const blocked = await createUser(t, { blocked: true });
    expect((await me((await signIn(t, blocked)).accessToken)).statusCode).toBe(401);
  });

  it('rotates on refresh: a new working pair, the old pair stops working', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = sessionSchema.parse(res.json().data);
    expect(second.user.id).toBe(user.id);
    expect(second.refresh_token).not.toBe(first.refreshToken);
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await me(first.accessToken)).statusCode).toBe(401);

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.find((r) => r.revokedAt)?.revokedReason).toBe('rotated');
    // Only hashes are stored.
    expect(JSON.stringify(rows)).not.toContain(second.access_token);
  });

  it('revokes the whole family when a rotated refresh token comes back', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const second = sessionSchema.parse((await refresh(first.refreshToken)).json().data);
    expect((await me(second.access_token)).statusCode).toBe(200);

    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(unauthenticated);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    // Another sign-in of the same user is another family and keeps working.
    const other = await signIn(t, user);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('refuses an unknown, malformed or expired refresh token with 401', async () => {
    expect((await refresh('a'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('short')).statusCode).toBe(401);
    const res = await http.post('auth/refresh', {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['refresh_token']);

    vi.useFakeTimers({ toFake: ['Date'] });
    const { refreshToken } = await signIn(t, await createUser(t));
    vi.setSystemTime(Date.now() + t.config.refreshTokenTtlMs + 1000);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('ends a refresh family after REFRESH_FAMILY_MAX_DAYS, however often it was refreshed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const day = 86_400_000;
    const maxDays = t.config.refreshFamilyMaxMs / day;
    let { refreshToken } = await signIn(t, await createUser(t));
    // Refreshed every 10 days: each token is young, but the sign-in is not.
    for (let elapsed = 10; elapsed < maxDays; elapsed += 10) {
      vi.setSystemTime(Date.now() + 10 * day);
      const res = await refresh(refreshToken);
      expect(res.statusCode).toBe(200);
      refreshToken = sessionSchema.parse(res.json().data).refresh_token;
    }
    vi.setSystemTime(Date.now() + 10 * day);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('ends an older random (v4) refresh family with its current token, refreshed or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t);
    const { refreshToken } = await signIn(t, user);
    // A v4 id says nothing of when its sign-in was (this one's first 48 bits would say 1970).
    await t.database.db
      .update(sessions)
      .set({ familyId: '00000000-0000-4000-8000-000000000001' })
      .where(eq(sessions.userId, user.id));
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const endsAt = row!.refreshExpiresAt.getTime();

    vi.setSystemTime(endsAt - 60_000);
    const res = await refresh(refreshToken);
    expect(res.statusCode).toBe(200);
    const next = sessionSchema.parse(res.json().data).refresh_token;
    vi.setSystemTime(endsAt + 1000);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('logs out with 204: the token stops working at once', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const kept = await signIn(t, user);
    expect((await me(session.accessToken)).statusCode).toBe(200); // now remembered by the cache
    const res = await http.post('auth/logout', undefined, { headers: session.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await me(kept.accessToken)).statusCode).toBe(200);
    expect((await http.post('auth/logout')).statusCode).toBe(401);
  });

  it('shows a changed user at once after sessionCache.forget({ userId }), as writers must call it', async () => {
    const user = await createUser(t);
    const { accessToken } = await signIn(t, user);
    expect((await me(accessToken)).json().data.meta).toEqual([]);
    await t.database.db.insert(userMeta).values({ userId: user.id, key: META_KEYS.notes, value: 'hello' });
    t.app.sessionCache.forget({ userId: user.id });
    expect((await me(accessToken)).json().data.meta).toEqual([{ key: 'notes', value: 'hello' }]);
  });

  it('records last_used_at at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t);
    const { accessToken } = await signIn(t, user);
    const lastUsed = async () =>
      (
        await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))
      )[0]!.lastUsedAt.getTime();
    const issuedAt = await lastUsed();

    vi.setSystemTime(Date.now() + 30_000);
    await me(accessToken);
    expect(await lastUsed()).toBe(issuedAt);
    vi.setSystemTime(Date.now() + 31_000 + SESSION_CACHE_TTL_MS);
    await me(accessToken);
    await me(accessToken);
    expect(await lastUsed()).toBe(issuedAt + 61_000 + SESSION_CACHE_TTL_MS);
  });
});
