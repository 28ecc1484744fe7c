import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS, ROLE_IDS, SSO_MESSAGES, sessionSchema } from '@portal/contract';
import { auditLog, ssoAttempts, ssoIdentities, ssoProviders, users } from '../../db/schema';
import { bearer, setUserMeta, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { useTestApp } from '../../test/use-test-app';
import { SSO_DOMAIN as DOMAIN, otherAudienceToken, startAndSignIn as startWith } from '../../test/sso';

// Single sign-on's code flow against the identity provider simulator (docs/decisions/0043-single-sign-on.md).

describe('single sign-on with the identity provider simulator', () => {
  const t = useTestApp();
  const http = api(t);
  let providerId: number;
  beforeAll(async () => {
    const [row] = await t.database.db.select().from(ssoProviders);
    providerId = row!.id;
  });

  const startAndSignIn = (account: string) => startWith(t, providerId, account);

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
});
