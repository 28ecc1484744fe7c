import { describe, expect, it } from 'vitest';
import { META_KEYS, ROLE_IDS, THROTTLE, VALIDATION } from '@portal/contract';
import { useSmtpServer, useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn, type BuiltUser } from '../../test/builders';
import { api } from '../../test/http';

/** A stolen access token cannot take the account over: own email/password/2FA-off need current_password. */
describe('re-authentication for own sensitive changes', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
  const http = api(t);

  const body = (user: BuiltUser, over: Record<string, unknown> = {}) => ({
    name: user.name,
    email: user.email,
    meta: [],
    role_id: ROLE_IDS.customer,
    ...over,
  });
  const newPassword = { password: 'Road#Train-42', password_confirmation: 'Road#Train-42' };

  it('own password change: 422 current_password without it or when wrong; with it, 200 and the "password changed" mail', async () => {
    const me = await createUser(t);
    const tokens = await signIn(t, me);
    const put = (over: Record<string, unknown>) =>
      http.put(`users/${me.id}`, body(me, over), { headers: tokens.headers });
    const missing = await put(newPassword);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [VALIDATION.currentPasswordRequired] });
    const wrong = await put({ ...newPassword, current_password: 'not-my-password' });
    expect(wrong.json().errors).toEqual({ current_password: [VALIDATION.currentPasswordWrong] });
    // Nothing changed: the old password still signs in.
    expect((await http.post('auth/login', { username: me.email, password: me.password })).statusCode).toBe(
      200,
    );

    expect((await put({ ...newPassword, current_password: me.password })).statusCode).toBe(200);
    const mail = await smtp.next(me.email);
    expect(mail.subject).toContain('Your password was changed');
    // Name and phone alone need nothing.
    expect((await put({ name: 'Just Renamed' })).statusCode).toBe(200);
  });

  it('own email change needs it too, and the old address is told', async () => {
    const me = await createUser(t);
    const tokens = await signIn(t, me);
    const moved = `moved-${me.id}@example.test`;
    const missing = await http.put(`users/${me.id}`, body(me, { email: moved }), { headers: tokens.headers });
    expect(missing.statusCode).toBe(422);
    const ok = await http.put(`users/${me.id}`, body(me, { email: moved, current_password: me.password }), {
      headers: tokens.headers,
    });
    expect(ok.statusCode).toBe(200);
    const mail = await smtp.next(me.email);
    expect(mail.subject).toContain('Your email address was changed');
    expect(mail.text).not.toContain(moved);
  });

  it('an admin changing another user needs no current password', async () => {
    const admin = await signIn(t, await createAdmin(t));
    const other = await createUser(t, { meta: [{ key: META_KEYS.twoFactor, value: '1' }] });
    const res = await http.put(
      `users/${other.id}`,
      body(other, { email: `admin-moved-${other.id}@example.test`, ...newPassword }),
      { headers: admin.headers },
    );
    expect(res.statusCode).toBe(200);
    const off = await http.post(
      'meta/user',
      { user_id: other.id, meta: [{ key: META_KEYS.twoFactor, value: '0' }] },
      { headers: admin.headers },
    );
    expect(off.statusCode).toBe(200);
  });

  it('wrong current passwords count against the sign-in throttle of the account', async () => {
    const me = await createUser(t);
    const tokens = await signIn(t, me);
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      const res = await http.put(
        `users/${me.id}`,
        body(me, { ...newPassword, current_password: `guess-${i}` }),
        { headers: tokens.headers },
      );
      expect(res.statusCode).toBe(422);
    }
    const locked = await http.put(
      `users/${me.id}`,
      body(me, { ...newPassword, current_password: me.password }),
      {
        headers: tokens.headers,
      },
    );
    expect(locked.statusCode).toBe(429);
  });
});
