import { describe, expect, it } from 'vitest';
import { META_KEYS, MESSAGES, ROLE_IDS, USER_ADMIN_MESSAGES } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';

/** The Profile screen's 'Save Profile': PUT users/{own id} for any signed-in user. */
describe('PUT users/{id} on oneself', () => {
  const t = useTestApp();
  const http = api(t);

  const body = (email: string, over: Record<string, unknown> = {}) => ({
    name: 'Renamed Customer',
    email,
    meta: [{ key: META_KEYS.primaryPhone, value: '0123456789' }],
    role_id: ROLE_IDS.customer,
    ...over,
  });

  it('lets a customer change their own name, phone and password', async () => {
    const me = await createUser(t);
    const tokens = await signIn(t, me);
    const res = await http.put(
      `users/${me.id}`,
      body(me.email, {
        password: 'newpass1',
        password_confirmation: 'newpass1',
        current_password: me.password,
      }),
      { headers: tokens.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.userUpdated);
    expect(res.json().data).toMatchObject({ name: 'Renamed Customer' });
    expect(res.json().data.meta).toContainEqual({ key: META_KEYS.primaryPhone, value: '0123456789' });
    const signedIn = await http.post(
      'auth/login',
      { username: me.email, password: 'newpass1' },
      { ip: '10.1.1.1' },
    );
    expect(signedIn.statusCode).toBe(200);
  });

  it("refuses another user's record, admin-only meta and a role change, changing nothing", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const tokens = await signIn(t, me);
    const theirs = await http.put(`users/${other.id}`, body(other.email), { headers: tokens.headers });
    expect(theirs.statusCode).toBe(403);
    const adminNotes = await http.put(
      `users/${me.id}`,
      body(me.email, { meta: [{ key: META_KEYS.adminNotes, value: 'I am trusted' }] }),
      { headers: tokens.headers },
    );
    expect(adminNotes.statusCode).toBe(403);
    const promote = await http.put(`users/${me.id}`, body(me.email, { role_id: ROLE_IDS.admin }), {
      headers: tokens.headers,
    });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().errors).toEqual({ role_id: [USER_ADMIN_MESSAGES.ownRole] });

    const admin = await signIn(t, await createAdmin(t));
    const seen = (await http.get(`users/${me.id}`, { headers: admin.headers })).json().data;
    expect(seen.name).toBe(me.name);
    expect(seen.roles.map((r: { id: number }) => r.id)).toEqual([ROLE_IDS.customer]);
    expect(seen.meta.find((m: { key: string }) => m.key === META_KEYS.adminNotes)).toBeUndefined();
  });

  it('ignores a BI project sent by a non-admin: the project is an admin assignment', async () => {
    const me = await createUser(t);
    const tokens = await signIn(t, me);
    const res = await http.put(
      `users/${me.id}`,
      body(me.email, { project_id: '00000000-0000-4000-8000-00000000005e' }),
      {
        headers: tokens.headers,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.dundas?.dundas_project_id ?? null).toBeNull();
  });

  it('asks for the current password before saying an email is taken (no email oracle)', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const tokens = await signIn(t, me);
    const probe = async (email: string, over: Record<string, unknown> = {}) => {
      const res = await http.put(`users/${me.id}`, body(email, over), { headers: tokens.headers });
      return { status: res.statusCode, errors: Object.keys(res.json().errors ?? {}) };
    };
    // Taken or free, the answer without the password is the same.
    expect(await probe(other.email)).toEqual({ status: 422, errors: ['current_password'] });
    expect(await probe(`free-${other.email}`)).toEqual({ status: 422, errors: ['current_password'] });
    expect(await probe(other.email, { current_password: 'wrong-one' })).toEqual({
      status: 422,
      errors: ['current_password'],
    });
    // With the right password the owner learns it, as the form must say.
    const taken = await probe(other.email, { current_password: me.password });
    expect(taken).toEqual({ status: 422, errors: ['email'] });
  });
});
