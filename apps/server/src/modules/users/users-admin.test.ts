import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE_IDS, USER_ADMIN_MESSAGES, VALIDATION } from '@portal/contract';
import { auditLog, users } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import {
  createAdmin,
  createUser,
  DEFAULT_TEST_PASSWORD,
  signIn,
  type TestTokens,
  signedInAdmin,
} from '../../test/builders';
import { api } from '../../test/http';

let n = 0;
const uniqueEmail = (tag = 'new') => `${tag}-${Date.now().toString(36)}-${(n += 1)}@example.test`;
const payload = (over: Record<string, unknown> = {}) => ({
  name: 'Jane Roe',
  email: uniqueEmail(),
  password: 'secret-1',
  password_confirmation: 'secret-1',
  meta: [
    { key: 'company_name', value: 'Acme Freight' },
    { key: 'primary_phone_number', value: '0123456789' },
  ],
  role_id: ROLE_IDS.customer,
  ...over,
});

/** An edit body without password fields: the password stays as it is. */
const edit = (over: Record<string, unknown> = {}) => {
  const { password: _p, password_confirmation: _c, ...body } = payload(over);
  return body;
};

describe('users administration', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let customer: TestTokens;
  let customerId: number;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
    const c = await createUser(t);
    customerId = c.id;
    customer = await signIn(t, c);
  });

  const auditsOf = (action: string, targetId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
  const signInWith = (username: string, password: string) =>
    http.post('auth/login', { username, password }, { ip: `10.9.${n % 200}.${(n += 1) % 250}` });

  describe('every route is for admins only', () => {
    const routes = (id: number) =>
      [
        ['GET', 'users'],
        ['GET', `users/${id}`],
        ['POST', 'users'],
        ['PUT', `users/${id}`],
        ['DELETE', `users/${id}?block=1`],
        ['POST', `users/${id}/restore`],
        ['PATCH', `users/${id}/restore`],
        ['POST', 'users/bulk'],
        ['GET', 'users/bulk/1'],
      ] as const;

    it('answers 401 without a session and 403 to a customer or developer, changing nothing', async () => {
      const developer = await signIn(t, await createUser(t, { roleId: ROLE_IDS.developer }));
      const victim = await createUser(t);
      for (const [method, path] of routes(victim.id)) {
        const body =
          path === 'users/bulk'
            ? { action: 'block', ids: [victim.id], current_password: 'x' }
            : method === 'POST' || method === 'PUT'
              ? payload({ email: victim.email })
              : undefined;
        const inject = (headers?: Record<string, string>) =>
          t.app.inject({ method, url: `/api/v1.0/${path}`, headers, ...(body && { payload: body }) });
        const anonymous = await inject();
        expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
        expect(anonymous.json()).toEqual({ message: MESSAGES.unauthenticated });
        for (const tokens of [customer, developer]) {
          const res = await inject(tokens.headers);
          expect(res.statusCode, `${method} ${path}`).toBe(403);
          expect(res.json()).toEqual({ message: MESSAGES.forbidden });
        }
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
      expect(row).toMatchObject({ name: victim.name, blockedAt: null });
    });

    it('lets in a user whose roles include admin among others', async () => {
      const both = await signIn(t, await createUser(t, { roleIds: [ROLE_IDS.customer, ROLE_IDS.admin] }));
      const victim = await createUser(t);
      expect((await http.get(`users/${victim.id}`, { headers: both.headers })).statusCode).toBe(200);
    });
  });

  describe('POST users', () => {
    it('creates a user: 201, the message, the User, a working password and an audit row', async () => {
      const body = payload({ project_id: '00000000-0000-4000-8000-000000000007' });
      const res = await http.post('users', body, { headers: admin.headers });
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe('User created successfully.');
      expect(data).toMatchObject({
        name: 'Jane Roe',
        email: body.email,
        username: null,
        logo: null,
        roles: [{ id: ROLE_IDS.customer, name: 'Customer', short_name: 'customer' }],
        role: { is_admin: false },
        meta: [
          { key: 'company_name', value: 'Acme Freight' },
          { key: 'primary_phone_number', value: '0123456789' },
        ],
        dundas: { dundas_project_id: '00000000-0000-4000-8000-000000000007' },
        ts: null,
        ld: null,
        blocked: false,
      });
      expect(JSON.stringify(data)).not.toMatch(/password|argon/i);
      expect((await signInWith(body.email, 'secret-1')).statusCode).toBe(200);

      const [audit] = await auditsOf('users.created', data.id);
      expect(audit).toMatchObject({ actorId: adminId, targetType: 'user' });
      expect(audit!.details).toMatchObject({ email: body.email, roleId: ROLE_IDS.customer });
      expect(JSON.stringify(audit!.details)).not.toContain('secret-1');
    });

    it('answers 422 with the docs/product.md §5 message under each field', async () => {
      const empty = await http.post('users', {}, { headers: admin.headers });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        name: ['Full name is a required field'],
        email: ['Email is a required field'],
        password: ['Password is a required field'],
        role_id: [VALIDATION.roleRequired],
      });

      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ email: 'not-an-email' }, 'email', 'Email must be a valid email'],
        [{ password: 'abc', password_confirmation: 'abc' }, 'password', 'Password is too short (min 6)'],
        [
          { password: 'a'.repeat(16), password_confirmation: 'a'.repeat(16) },
          'password',
          'Password is too long (max 15)',
        ],
        [
          { password_confirmation: undefined },
          'password_confirmation',
          'Confirm password is a required field',
        ],
        [{ password_confirmation: 'other-1' }, 'password_confirmation', 'Passwords must match'],
        [{ role_id: 0 }, 'role_id', 'Role is a required field'],
        [{ role_id: 99 }, 'role_id', USER_ADMIN_MESSAGES.roleInvalid],
        [
          { meta: [{ key: 'primary_phone_number', value: '12345' }] },
          'primary_phone_number',
          'Phone number must be at least 10 digits',
        ],
        [
          { meta: [{ key: 'secondary_phone_number', value: '12345abcde' }] },
          'secondary_phone_number',
          'Enter a valid phone number (only numbers)',
        ],
        [
          { meta: [{ key: 'settings.nsbi_enabled', value: 'yes' }] },
          'settings.nsbi_enabled',
          'Uses NSBI must be 0 or 1',
        ],
      ];
      for (const [over, field, message] of cases) {
        const res = await http.post('users', payload(over), { headers: admin.headers });
        expect(res.statusCode, field).toBe(422);
        expect(res.json().errors[field], JSON.stringify(over)).toEqual([message]);
      }
    });

    it('refuses a taken email, case-insensitively and also when its owner is blocked', async () => {
      const blocked = await createUser(t, { blocked: true });
      for (const email of [blocked.email, blocked.email.toUpperCase()]) {
        const res = await http.post('users', payload({ email }), { headers: admin.headers });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ email: [USER_ADMIN_MESSAGES.emailTaken] });
      }
    });

    it('refuses fields it does not know and stores nothing (no mass assignment)', async () => {
      for (const extra of [
        { is_admin: true },
        { blocked_at: null },
        { password_hash: 'x' },
        { roles: [1] },
      ]) {
        const body = payload(extra);
        const res = await http.post('users', body, { headers: admin.headers });
        expect(res.statusCode).toBe(422);
        const field = Object.keys(extra)[0]!;
        expect(res.json().errors[field]).toEqual([USER_ADMIN_MESSAGES.fieldNotAllowed(field)]);
        const stored = await t.database.db.select().from(users).where(eq(users.email, body.email));
        expect(stored).toEqual([]);
      }
      const unknownMeta = await http.post(
        'users',
        payload({ meta: [{ key: 'settings.two_factor_enabled', value: '1' }] }),
        {
          headers: admin.headers,
        },
      );
      expect(unknownMeta.statusCode).toBe(422);
    });
  });

  describe('GET users/{id}', () => {
    it('answers the user, blocked ones too, and 404 for a missing id', async () => {
      const blocked = await createUser(t, { blocked: true });
      const res = await http.get(`users/${blocked.id}`, { headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: blocked.id, email: blocked.email, blocked: true });
      const missing = await http.get('users/999999', { headers: admin.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: MESSAGES.notFound });
      expect((await http.get('users/abc', { headers: admin.headers })).statusCode).toBe(422);
    });
  });

  describe('PUT users/{id}', () => {
    it('updates name, email, meta and project; an empty or missing password keeps the old one', async () => {
      const user = await createUser(t, { meta: [{ key: 'notes', value: 'old' }] });
      const email = uniqueEmail('renamed');
      const res = await http.put(
        `users/${user.id}`,
        payload({
          name: 'Renamed',
          email,
          password: '',
          password_confirmation: '',
          meta: [{ key: 'notes', value: 'new' }],
          project_id: '00000000-0000-4000-8000-000000000001',
        }),
        { headers: admin.headers },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('User updated successfully.');
      expect(res.json().data).toMatchObject({
        name: 'Renamed',
        email,
        meta: [{ key: 'notes', value: 'new' }],
        dundas: { dundas_project_id: '00000000-0000-4000-8000-000000000001' },
      });
      expect((await signInWith(email, user.password)).statusCode).toBe(200);

      const again = await http.put(`users/${user.id}`, edit({ email, project_id: null }), {
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.dundas).toBeNull();
      expect((await signInWith(email, user.password)).statusCode).toBe(200);

      const [audit] = await auditsOf('users.updated', user.id);
      expect(audit?.details).toMatchObject({
        name: { from: user.name, to: 'Renamed' },
        meta: [{ key: 'notes', from: 'old', to: 'new' }],
      });
    });

    it('sets a new password and ends the sessions the user had', async () => {
      const user = await createUser(t);
      const theirs = await signIn(t, user);
      expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(200);
      const res = await http.put(
        `users/${user.id}`,
        payload({ email: user.email, password: 'brand-new1', password_confirmation: 'brand-new1' }),
        {
          headers: admin.headers,
        },
      );
      expect(res.statusCode).toBe(200);
      expect((await http.get('auth/me', { headers: theirs.headers })).statusCode).toBe(401);
      expect((await signInWith(user.email, user.password)).statusCode).toBe(401);
      expect((await signInWith(user.email, 'brand-new1')).statusCode).toBe(200);
      const [audit] = await auditsOf('users.updated', user.id);
      expect(audit?.details).toMatchObject({ passwordChanged: true });
      expect(JSON.stringify(audit?.details)).not.toContain('brand-new1');
    });

    it("changes another user's role (audited as a role change) and takes effect on their session at once", async () => {
      const user = await createUser(t);
      const theirs = await signIn(t, user);
      expect((await http.get('users', { headers: theirs.headers })).statusCode).toBe(403);
      // Making someone an administrator takes the acting admin's own password (step-up.test.ts).
      const res = await http.put(
        `users/${user.id}`,
        edit({ email: user.email, role_id: ROLE_IDS.admin, current_password: DEFAULT_TEST_PASSWORD }),
        { headers: admin.headers },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.role).toEqual({ is_admin: true });
      expect((await http.get('users', { headers: theirs.headers })).statusCode).toBe(200);
      const [audit] = await auditsOf('users.role_changed', user.id);
      expect(audit).toMatchObject({ actorId: adminId });
      expect(audit!.details).toMatchObject({ from: 'Customer', to: 'Administrator' });
    });

    it('refuses an admin changing their own role (422 role_id) but saves them with it unchanged', async () => {
      const me = await createAdmin(t);
      const mine = await signIn(t, me);
      const refused = await http.put(
        `users/${me.id}`,
        edit({ email: me.email, role_id: ROLE_IDS.customer }),
        { headers: mine.headers },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ role_id: [USER_ADMIN_MESSAGES.ownRole] });
      const kept = await http.put(
        `users/${me.id}`,
        payload({ email: me.email.toUpperCase(), role_id: ROLE_IDS.admin, current_password: me.password }),
        { headers: mine.headers },
      );
      // Their own password change spares the session they made it with.
      expect((await http.get('auth/me', { headers: mine.headers })).statusCode).toBe(200);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.roles.map((r: { id: number }) => r.id)).toEqual([ROLE_IDS.admin]);
    });

    it("answers 422 for another user's email, 404 for a missing user, 422 for unknown fields", async () => {
      const other = await createUser(t);
      const res = await http.put(`users/${customerId}`, payload({ email: other.email }), {
        headers: admin.headers,
      });
      expect(res.json().errors).toEqual({ email: [USER_ADMIN_MESSAGES.emailTaken] });
      expect((await http.put('users/999999', payload(), { headers: admin.headers })).statusCode).toBe(404);
      const extra = await http.put(`users/${customerId}`, payload({ blocked: false }), {
        headers: admin.headers,
      });
      expect(extra.statusCode).toBe(422);
      expect(extra.json().errors).toEqual({ blocked: [USER_ADMIN_MESSAGES.fieldNotAllowed('blocked')] });
    });
  });
});
