import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, ROLE_IDS, SSO_MESSAGES } from '@portal/contract';
import { auditLog, ssoProviders } from '../../db/schema';
import { SSO_REQUIRED_CACHE_MS } from './service';
import { bearer, createUser, signedInAdmin, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { testClock } from '../../test/clock';
import { useTestApp } from '../../test/use-test-app';
import { SSO_DOMAIN as DOMAIN, startAndSignIn } from '../../test/sso';

// Single sign-on's rules for password sign-in, its admin screens and who may call what (docs/decisions/0043-single-sign-on.md).

describe('single sign-on: SSO required and the admin screens', () => {
  const clock = testClock();
  const t = useTestApp({}, { now: clock.now });
  const http = api(t);
  /** The Example SSO provider saved through the admin API as it is, but for SSO required. */
  const saveRequired = async (ssoRequired: boolean) => {
    const { data } = (await http.get(`sso/providers/${providerId}`, { headers: adminHeaders })).json();
    return http.put(
      `sso/providers/${providerId}`,
      {
        name: data.name,
        issuer: data.issuer,
        client_id: data.client_id,
        client_secret: '',
        domains: data.domains,
        role_id: data.role_id,
        create_users: data.create_users,
        sso_required: ssoRequired,
        enabled: data.enabled,
      },
      { headers: adminHeaders },
    );
  };
  let providerId: number;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    const [row] = await t.database.db.select().from(ssoProviders);
    providerId = row!.id;
    adminHeaders = bearer((await signedInAdmin(t)).tokens.accessToken);
  });

  it('SSO required: password sign-in is refused for the domain with a message naming the provider', async () => {
    const user = await createUser(t, { email: `pat@${DOMAIN}`, username: 'pat.sso' });
    const before = await http.post('auth/login', { username: user.email, password: user.password });
    expect(before.statusCode).toBe(200);
    // The admin turns it on: applied at once on this instance.
    expect((await saveRequired(true)).statusCode).toBe(200);
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
      expect((await saveRequired(false)).statusCode).toBe(200);
    }
    expect(
      (await http.post('auth/login', { username: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('SSO required set elsewhere (another instance, the database) applies within SSO_REQUIRED_CACHE_MS', async () => {
    const user = await createUser(t, { email: `kim@${DOMAIN}`, username: 'kim.sso' });
    const signInKim = () => http.post('auth/login', { username: user.email, password: user.password });
    expect((await signInKim()).statusCode).toBe(200); // the domains are read now
    await t.database.db.update(ssoProviders).set({ ssoRequired: true });
    try {
      clock.offsetMs += SSO_REQUIRED_CACHE_MS;
      const res = await signInKim();
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SSO_MESSAGES.ssoRequired('Example SSO'));
    } finally {
      await t.database.db.update(ssoProviders).set({ ssoRequired: false });
      clock.offsetMs += SSO_REQUIRED_CACHE_MS;
    }
    expect((await signInKim()).statusCode).toBe(200);
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

    // Alex signs in through the simulator once (made a user): the provider has one linked user.
    const { body: alex } = await startAndSignIn(t, providerId, 'alex');
    expect((await http.post('auth/sso/callback', alex)).statusCode).toBe(201); // a new user
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
