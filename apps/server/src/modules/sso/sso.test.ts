import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS, RATE_LIMITS, ROLE_IDS, SSO_MESSAGES, sessionSchema } from '@portal/contract';
import { auditLog, ssoAttempts, ssoIdentities, ssoProviders, users } from '../../db/schema';
import { IDP_SIMULATOR_OTHER_CLIENT } from '../../simulators/idp/simulator';
import { bearer, createUser, setUserMeta, signedInAdmin, signIn } from '../../test/builders';
import { api } from '../../test/http';
import type { TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';

const DOMAIN = 'sso.example.com';

/** A browser at the simulator: follows its redirects with its cookies, signs in as `account`. */
async function signInAtSimulator(t: TestApp, authorizationUrl: string, account: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      jar.set(name!.trim(), value ?? '');
    }
  };
  let url = new URL(authorizationUrl);
  let res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookieHeader() },
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  const interaction = String(res.headers.location);
  expect(interaction).toMatch(/\/sim\/idp\/interaction\//);
  res = await t.app.inject({ method: 'GET', url: interaction, headers: { cookie: cookieHeader() } });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('Alex Verified');
  res = await t.app.inject({
    method: 'POST',
    url: interaction,
    headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `account=${account}`,
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  url = new URL(String(res.headers.location), authorizationUrl);
  res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookieHeader() },
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

describe('single sign-on with the identity provider simulator', () => {
  const t = useTestApp();
  const http = api(t);
  let providerId: number;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    const [row] = await t.database.db.select().from(ssoProviders);
    providerId = row!.id;
    adminHeaders = bearer((await signedInAdmin(t)).tokens.accessToken);
  });

  /** Start at the portal, sign in at the simulator: the callback's parameters. */
  async function startAndSignIn(account: string) {
    const started = await http.post('auth/sso/start', { provider_id: providerId });
    expect(started.statusCode).toBe(200);
    const { url, attempt } = started.json().data as { url: string; attempt: string };
    const back = await signInAtSimulator(t, url, account);
    expect(back.pathname).toBe('/sso/callback');
    const query = Object.fromEntries(back.searchParams);
    return { url: new URL(url), attempt, query, body: { attempt, ...query } as Record<string, string> };
  }

  it('configures the simulator as a provider in development, found by the sign-in lookup', async () => {
    const [row] = await t.database.db.select().from(ssoProviders);
    expect(row).toMatchObject({ name: 'Example SSO', domains: [DOMAIN], enabled: true, ssoRequired: false });
    expect(row!.clientSecret).toMatch(/^v1\./); // sealed, never the secret itself
    const found = await http.get(
      `auth/sso/lookup?email=${encodeURIComponent(`someone@${DOMAIN.toUpperCase()}`)}`,
    );
    expect(found.json()).toEqual({ data: { id: providerId, name: 'Example SSO' } });
    const none = await http.get('auth/sso/lookup?email=someone@elsewhere.test');
    expect(none.json()).toEqual({ data: null });
  });

  it('serves discovery at /sim/idp', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sim/idp/.well-known/openid-configuration',
      headers: { host: new URL(t.config.appUrl).host },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${t.config.appUrl}/sim/idp`);
    expect(doc.code_challenge_methods_supported).toContain('S256');
    expect(doc.authorization_endpoint).toBe(`${t.config.appUrl}/sim/idp/auth`);
  });

  it('signs in with the code flow (PKCE, state, nonce): a new user, then the same user, audited', async () => {
    const { url, body } = await startAndSignIn('alex');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const res = await http.post('auth/sso/callback', body);
    expect(res.statusCode).toBe(201);
    const session = sessionSchema.parse(res.json().data);
    expect(session.user).toMatchObject({ email: `alex@${DOMAIN}`, name: 'Alex Verified' });
    expect(session.user.roles.map((r) => r.id)).toEqual([ROLE_IDS.customer]);
    const me = await http.get('auth/me', { headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(200);

    const again = await startAndSignIn('alex');
    const second = await http.post('auth/sso/callback', again.body);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(session.user.id);

    const links = await http.get('auth/sso/links', { headers: bearer(session.access_token) });
    expect(links.json().data).toEqual([
      expect.objectContaining({ provider_name: 'Example SSO', subject: 'alex', email: `alex@${DOMAIN}` }),
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(session.user.id)))
      .orderBy(desc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['users.created_from_sso', 'auth.login.succeeded']),
    );
    expect(audit.find((a) => a.action === 'auth.login.succeeded')!.details).toMatchObject({
      via: 'sso',
      providerId,
      subject: 'alex',
    });
  });

  it('refuses a replayed code and a replayed attempt', async () => {
    const { body } = await startAndSignIn('alex');
    expect((await http.post('auth/sso/callback', body)).statusCode).toBe(200);
    const replay = await http.post('auth/sso/callback', body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SSO_MESSAGES.attemptInvalid);
    // The same code under a fresh attempt: the provider refuses it (single-use codes).
    const fresh = await http.post('auth/sso/start', { provider_id: providerId });
    const { attempt, url } = fresh.json().data;
    const state = new URL(url).searchParams.get('state')!;
    const reused = await http.post('auth/sso/callback', { ...body, attempt, state });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(SSO_MESSAGES.providerRefused);
  });

  it('refuses a wrong state, another browser (attempt secret) and an expired attempt', async () => {
    const { body } = await startAndSignIn('alex');
    const wrongState = await http.post('auth/sso/callback', { ...body, state: 'not-the-state' });
    expect(wrongState.statusCode).toBe(401);
    expect(wrongState.json().message).toBe(SSO_MESSAGES.attemptInvalid);
    const second = await startAndSignIn('alex');
    const otherBrowser = await http.post('auth/sso/callback', { ...second.body, attempt: 'someone-else' });
    expect(otherBrowser.statusCode).toBe(401);
    // Taken by the refusal: the right browser cannot use it afterwards either.
    expect((await http.post('auth/sso/callback', second.body)).statusCode).toBe(401);
    const third = await startAndSignIn('alex');
    await t.database.db.update(ssoAttempts).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await http.post('auth/sso/callback', third.body)).statusCode).toBe(401);
  });

  it('PKCE: a code redeemed without the right verifier is refused by the provider', async () => {
    const { body } = await startAndSignIn('alex');
    const token = await t.app.inject({
      method: 'POST',
      url: '/sim/idp/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('portal:portal-simulator-secret').toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: body.code!,
        redirect_uri: `${t.config.appUrl}/sso/callback`,
        code_verifier: 'x'.repeat(43),
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json().error).toBe('invalid_grant');
  });

  it('refuses an ID token made for another audience', async () => {
    const portal = await startAndSignIn('alex');
    // The same person, signed in at the simulator for another application with the portal's nonce.
    t.app.idpSimulator!.tamper.idToken = await otherAudienceToken(t, portal.url);
    const res = await http.post('auth/sso/callback', portal.body);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SSO_MESSAGES.providerRefused);
  });

  it('refuses an unverified email, and refuses without creating when the provider does not create users', async () => {
    const { body } = await startAndSignIn('uma');
    const res = await http.post('auth/sso/callback', body);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SSO_MESSAGES.emailNotVerified);
    const [made] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `uma@${DOMAIN}`));
    expect(made).toBeUndefined();
  });

  it('links an existing user by verified email; blocked users are refused', async () => {
    await t.database.db.delete(ssoIdentities);
    const alex = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `alex@${DOMAIN}`));
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, alex[0]!.id));
    const { body } = await startAndSignIn('alex');
    const res = await http.post('auth/sso/callback', body);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SSO_MESSAGES.blocked);
    await t.database.db.update(users).set({ blockedAt: null }).where(eq(users.id, alex[0]!.id));
    const again = await startAndSignIn('alex');
    const ok = await http.post('auth/sso/callback', again.body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.id).toBe(alex[0]!.id);
    const [linked] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sso.link.created'));
    expect(linked).toBeDefined();
  });

  it('single session: an SSO sign-in ends the user’s other sessions, as a password sign-in does', async () => {
    const [alex] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `alex@${DOMAIN}`));
    const earlier = await signIn(t, alex!);
    await setUserMeta(t, alex!.id, [{ key: META_KEYS.singleSession, value: '1' }]);
    const { body } = await startAndSignIn('alex');
    const res = await http.post('auth/sso/callback', body);
    expect(res.statusCode).toBe(200);
    expect((await http.get('auth/me', { headers: bearer(earlier.accessToken) })).statusCode).toBe(401);
    expect((await http.get('auth/me', { headers: bearer(res.json().data.access_token) })).statusCode).toBe(
      200,
    );
    await setUserMeta(t, alex!.id, [{ key: META_KEYS.singleSession, value: null }]);
  });

  it('a disabled provider is not offered and refuses to start or finish', async () => {
    const pending = await startAndSignIn('alex');
    await t.database.db.update(ssoProviders).set({ enabled: false });
    try {
      expect((await http.get(`auth/sso/lookup?email=a@${DOMAIN}`)).json()).toEqual({ data: null });
      const start = await http.post('auth/sso/start', { provider_id: providerId });
      expect(start.statusCode).toBe(409);
      const finish = await http.post('auth/sso/callback', pending.body);
      expect(finish.statusCode).toBe(401);
      expect(finish.json().message).toBe(SSO_MESSAGES.providerDisabled);
    } finally {
      await t.database.db.update(ssoProviders).set({ enabled: true });
    }
  });

  it('SSO required: password sign-in is refused for the domain with a message naming the provider', async () => {
    const user = await createUser(t, { email: `pat@${DOMAIN}`, username: 'pat.sso' });
    const before = await http.post('auth/login', { username: user.email, password: user.password });
    expect(before.statusCode).toBe(200);
    await t.database.db.update(ssoProviders).set({ ssoRequired: true });
    try {
      for (const username of [user.email, 'pat.sso']) {
        const res = await http.post('auth/login', { username, password: user.password });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(SSO_MESSAGES.ssoRequired('Example SSO'));
      }
      // A wrong password by username says nothing of SSO.
      const wrong = await http.post('auth/login', { username: 'pat.sso', password: 'wrong-password' });
      expect(wrong.json().message).not.toContain('Example SSO');
      const failed = await t.database.db
        .select()
        .from(auditLog)
        .where(like(auditLog.action, 'auth.login.failed'));
      expect(failed.some((row) => row.details?.reason === 'sso_required')).toBe(true);
    } finally {
      await t.database.db.update(ssoProviders).set({ ssoRequired: false });
    }
  });

  it('admin: list, create (secret sealed, never answered), update, links and remove a link; customers get 403', async () => {
    const list = await http.get('sso/providers', { headers: adminHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ name: 'Example SSO', has_client_secret: true });
    expect(JSON.stringify(list.json())).not.toContain('portal-simulator-secret');
    const body = {
      name: 'Acme IdP',
      issuer: 'https://idp.acme.test/',
      client_id: 'portal',
      client_secret: 'acme-secret',
      domains: ['Acme.test'],
      role_id: ROLE_IDS.customer,
      create_users: false,
      sso_required: false,
      enabled: true,
    };
    const created = await http.post('sso/providers', body, { headers: adminHeaders });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      issuer: 'https://idp.acme.test',
      domains: ['acme.test'],
      has_client_secret: true,
    });
    const id = created.json().data.id as number;
    for (const [field, value] of [
      ['issuer', 'ftp://idp.acme.test'],
      ['issuer', 'https://idp.acme.test/?tenant=1'],
      ['domains', ['not a domain']],
    ] as const) {
      const bad = await http.post('sso/providers', { ...body, [field]: value }, { headers: adminHeaders });
      expect(bad.statusCode, `${field} ${String(value)}`).toBe(422);
      expect(bad.json().errors[field]).toBeDefined();
    }
    const taken = await http.post('sso/providers', { ...body, domains: [DOMAIN] }, { headers: adminHeaders });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.domains).toEqual([SSO_MESSAGES.domainTaken(DOMAIN, 'Example SSO')]);
    const updated = await http.put(
      `sso/providers/${id}`,
      { ...body, client_secret: '', name: 'Acme' },
      { headers: adminHeaders },
    );
    expect(updated.json().data).toMatchObject({ name: 'Acme', has_client_secret: true });
    const [stored] = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
    expect(stored!.clientSecret).not.toContain('acme-secret');
    expect((await http.delete(`sso/providers/${id}`, { headers: adminHeaders })).statusCode).toBe(204);

    const links = await http.get(`sso/providers/${providerId}/links`, { headers: adminHeaders });
    expect(links.statusCode).toBe(200);
    const link = links.json().data[0];
    expect(link).toMatchObject({ subject: 'alex' });
    expect(
      (await http.get(`users/${link.user_id}/sso-links`, { headers: adminHeaders })).json().data,
    ).toHaveLength(1);
    expect((await http.delete(`sso/links/${link.id}`, { headers: adminHeaders })).statusCode).toBe(204);
    expect((await http.delete(`sso/links/${link.id}`, { headers: adminHeaders })).statusCode).toBe(404);
    const [removed] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sso.link.removed'));
    expect(removed).toBeDefined();

    const customer = await createUser(t);
    const customerHeaders = bearer((await signIn(t, customer)).accessToken);
    expect((await http.get('sso/providers', { headers: customerHeaders })).statusCode).toBe(403);
  });
});

describe('single sign-on: who may call what', () => {
  const t = useTestApp();

  it('limits started sign-ins per client address (each stores an attempt)', async () => {
    const http = api(t);
    const [provider] = await t.database.db.select().from(ssoProviders);
    const start = () => http.post('auth/sso/start', { provider_id: provider!.id }, { ip: '10.44.0.1' });
    for (let i = 0; i < RATE_LIMITS.ssoSignIn.limit; i += 1) expect((await start()).statusCode).toBe(200);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(
      (await http.post('auth/sso/start', { provider_id: provider!.id }, { ip: '10.44.0.2' })).statusCode,
    ).toBe(200);
  });

  it('admin routes answer 401 without a session and 403 to a customer or developer; own links need a session', async () => {
    const customer = bearer((await signIn(t, await createUser(t))).accessToken);
    const developer = bearer(
      (await signIn(t, await createUser(t, { roleId: ROLE_IDS.developer }))).accessToken,
    );
    const admin = [
      ['GET', 'sso/providers'],
      ['POST', 'sso/providers'],
      ['GET', 'sso/providers/1'],
      ['PUT', 'sso/providers/1'],
      ['DELETE', 'sso/providers/1'],
      ['GET', 'sso/providers/1/links'],
      ['GET', 'users/1/sso-links'],
      ['DELETE', 'sso/links/1'],
    ] as const;
    for (const [method, path] of admin) {
      const inject = (headers?: Record<string, string>) =>
        t.app.inject({
          method,
          url: `/api/v1.0/${path}`,
          headers,
          ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
        });
      expect((await inject()).statusCode, `${method} ${path}`).toBe(401);
      expect((await inject(customer)).statusCode, `${method} ${path}`).toBe(403);
      expect((await inject(developer)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/sso/links' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/sso/links', headers: customer })).statusCode,
    ).toBe(200);
    // The sign-in routes are public, as auth/login is.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/sso/lookup?email=a@b.test' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1.0/auth/sso/start', payload: { provider_id: 99 } }))
        .statusCode,
    ).toBe(404);
  });
});

/**
 * An ID token the simulator signed for the other client, with the nonce of the portal's attempt:
 * valid in every way but its audience.
 */
async function otherAudienceToken(t: TestApp, portalUrl: URL): Promise<string> {
  const verifier = 'o'.repeat(43);
  const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
  const other = new URL(portalUrl);
  other.searchParams.set('client_id', IDP_SIMULATOR_OTHER_CLIENT.id);
  other.searchParams.set('code_challenge', challenge);
  other.searchParams.set('state', 'other-state');
  const back = await signInAtSimulator(t, other.href, 'alex');
  const token = await t.app.inject({
    method: 'POST',
    url: '/sim/idp/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${IDP_SIMULATOR_OTHER_CLIENT.id}:${IDP_SIMULATOR_OTHER_CLIENT.secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: `${t.config.appUrl}/sso/callback`,
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.statusCode).toBe(200);
  return token.json().id_token as string;
}
