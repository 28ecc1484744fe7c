import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, META_KEYS, ROLE_IDS, THROTTLE, USER_ADMIN_MESSAGES, VALIDATION } from '@portal/contract';
import { userRoles, users } from '../../db/schema';
import { useSmtpServer, useTestApp } from '../../test/use-test-app';
import {
  createAdmin,
  createUser,
  DEFAULT_TEST_PASSWORD,
  setUserMeta,
  signIn,
  type BuiltUser,
} from '../../test/builders';
import { api } from '../../test/http';

/**
 * One stolen admin token cannot take over the other admins: a change to another administrator
 * (password, email, role, two-factor off, block, delete, restore) and making someone an
 * administrator need the acting admin's own current password (docs/decisions/0038).
 */
describe('step-up: changes to another administrator need the acting admin’s password', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
  const http = api(t);

  const actingAdmin = async () => {
    const me = await createAdmin(t);
    return { me, headers: (await signIn(t, me)).headers };
  };
  const body = (user: BuiltUser, over: Record<string, unknown> = {}) => ({
    name: user.name,
    email: user.email,
    meta: [],
    role_id: ROLE_IDS.admin,
    ...over,
  });
  const newPassword = { password: 'Road#Train-42', password_confirmation: 'Road#Train-42' };
  const stepUpRefused = (res: { statusCode: number; json(): unknown }, why: string) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: USER_ADMIN_MESSAGES.stepUpRequired,
      errors: { current_password: [why] },
    });
  };
  const rolesOf = async (id: number) =>
    (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.roleId);
  const withBody = (method: 'DELETE' | 'POST' | 'PATCH', path: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url: `${API_PREFIX}/${path}`,
      headers: headers as Record<string, string>,
      ...(payload && { payload }),
    });

  it("another admin's password: refused without or with a wrong current_password; with it, set and the owner is mailed", async () => {
    const { me, headers } = await actingAdmin();
    const other = await createAdmin(t);
    const put = (over: Record<string, unknown>) =>
      http.put(`users/${other.id}`, body(other, over), { headers });
    stepUpRefused(await put(newPassword), VALIDATION.currentPasswordRequired);
    stepUpRefused(await put({ ...newPassword, current_password: 'guess' }), VALIDATION.currentPasswordWrong);
    // The other admin's password is what it was.
    expect(
      (await http.post('auth/login', { username: other.email, password: other.password })).statusCode,
    ).toBe(200);

    expect((await put({ ...newPassword, current_password: me.password })).statusCode).toBe(200);
    const mail = await smtp.next(other.email);
    expect(mail.subject).toContain(USER_ADMIN_MESSAGES.passwordSetByAdmin);
    expect(mail.text).not.toContain(newPassword.password);
  });

  it("another admin's email and role need it; their name alone does not", async () => {
    const { me, headers } = await actingAdmin();
    const other = await createAdmin(t);
    const moved = `moved-${other.id}@example.test`;
    stepUpRefused(
      await http.put(`users/${other.id}`, body(other, { email: moved }), { headers }),
      VALIDATION.currentPasswordRequired,
    );
    stepUpRefused(
      await http.put(`users/${other.id}`, body(other, { role_id: ROLE_IDS.customer }), { headers }),
      VALIDATION.currentPasswordRequired,
    );
    expect(await rolesOf(other.id)).toEqual([ROLE_IDS.admin]);
    expect(
      (await http.put(`users/${other.id}`, body(other, { name: 'Renamed Admin' }), { headers })).statusCode,
    ).toBe(200);
    const demoted = await http.put(
      `users/${other.id}`,
      body(other, { name: 'Renamed Admin', role_id: ROLE_IDS.customer, current_password: me.password }),
      { headers },
    );
    expect(demoted.statusCode).toBe(200);
    expect(await rolesOf(other.id)).toEqual([ROLE_IDS.customer]);
  });

  it('making someone an administrator needs it, by edit or by creation', async () => {
    const { me, headers } = await actingAdmin();
    const customer = await createUser(t);
    const promote = (over: Record<string, unknown> = {}) =>
      http.put(`users/${customer.id}`, body(customer, over), { headers });
    stepUpRefused(await promote(), VALIDATION.currentPasswordRequired);
    expect(await rolesOf(customer.id)).toEqual([ROLE_IDS.customer]);
    expect((await promote({ current_password: me.password })).statusCode).toBe(200);
    expect(await rolesOf(customer.id)).toEqual([ROLE_IDS.admin]);

    const created = {
      name: 'New Admin',
      email: `new-admin-${me.id}@example.test`,
      ...newPassword,
      role_id: ROLE_IDS.admin,
    };
    stepUpRefused(await http.post('users', created, { headers }), VALIDATION.currentPasswordRequired);
    expect(await t.database.db.select().from(users).where(eq(users.email, created.email))).toHaveLength(0);
    const ok = await http.post('users', { ...created, current_password: me.password }, { headers });
    expect(ok.statusCode).toBe(201);
  });

  it('an admin changing a customer needs nothing more, and the customer is mailed an admin-set password', async () => {
    const { headers } = await actingAdmin();
    const customer = await createUser(t);
    const res = await http.put(
      `users/${customer.id}`,
      body(customer, { role_id: ROLE_IDS.customer, ...newPassword }),
      { headers },
    );
    expect(res.statusCode).toBe(200);
    const mail = await smtp.next(customer.email);
    expect(mail.subject).toContain(USER_ADMIN_MESSAGES.passwordSetByAdmin);
  });

  it('blocking, deleting and restoring another admin need it (in the body, never the URL)', async () => {
    const { me, headers } = await actingAdmin();
    const other = await createAdmin(t);
    stepUpRefused(
      await withBody('DELETE', `users/${other.id}?block=1`, headers),
      VALIDATION.currentPasswordRequired,
    );
    stepUpRefused(
      await withBody('DELETE', `users/${other.id}?block=1`, headers, { current_password: 'guess' }),
      VALIDATION.currentPasswordWrong,
    );
    const [still] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(still!.blockedAt).toBeNull();
    const blocked = await withBody('DELETE', `users/${other.id}?block=1`, headers, {
      current_password: me.password,
    });
    expect(blocked.statusCode).toBe(200);

    stepUpRefused(
      await withBody('POST', `users/${other.id}/restore`, headers),
      VALIDATION.currentPasswordRequired,
    );
    stepUpRefused(
      await withBody('PATCH', `users/${other.id}/restore`, headers, {}),
      VALIDATION.currentPasswordRequired,
    );
    expect(
      (await withBody('POST', `users/${other.id}/restore`, headers, { current_password: me.password }))
        .statusCode,
    ).toBe(200);
    stepUpRefused(await withBody('DELETE', `users/${other.id}`, headers), VALIDATION.currentPasswordRequired);
    expect(
      (await withBody('DELETE', `users/${other.id}`, headers, { current_password: me.password })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, other.id))).toEqual([]);

    // A customer is blocked, deleted and restored as before: no password asked.
    const customer = await createUser(t);
    expect((await withBody('DELETE', `users/${customer.id}?block=1`, headers)).statusCode).toBe(200);
    expect((await withBody('POST', `users/${customer.id}/restore`, headers)).statusCode).toBe(200);
  });

  it("turning another admin's two-factor off needs it", async () => {
    const { me, headers } = await actingAdmin();
    const other = await createAdmin(t);
    await setUserMeta(t, other.id, [{ key: META_KEYS.twoFactor, value: '1' }]);
    const off = { user_id: other.id, meta: [{ key: META_KEYS.twoFactor, value: '0' }] };
    stepUpRefused(await http.post('meta/user', off, { headers }), VALIDATION.currentPasswordRequired);
    expect(
      (await http.post('meta/user', { ...off, current_password: me.password }, { headers })).statusCode,
    ).toBe(200);
  });

  it("wrong passwords count against the acting admin's sign-in throttle", async () => {
    const { me, headers } = await actingAdmin();
    const other = await createAdmin(t);
    for (let i = 0; i < THROTTLE.accountFailures; i += 1)
      expect(
        (
          await withBody('DELETE', `users/${other.id}?block=1`, headers, {
            current_password: `guess-${i}`,
          })
        ).statusCode,
      ).toBe(422);
    const locked = await withBody('DELETE', `users/${other.id}?block=1`, headers, {
      current_password: DEFAULT_TEST_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    // The guesses were counted against the acting admin, not the target.
    const signIn = await http.post('auth/login', { username: me.email, password: me.password });
    expect(signIn.statusCode).toBe(429);
  });
});
