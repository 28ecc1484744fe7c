import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, USER_ADMIN_MESSAGES, VALIDATION } from '@portal/contract';
import { auditLog, userMeta } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, type BuiltUser, type TestTokens, signedInAdmin } from '../../test/builders';
import { api } from '../../test/http';

describe('POST meta/user', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let me: BuiltUser;
  let mine: TestTokens;
  let other: BuiltUser;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
    me = await createUser(t, { meta: [{ key: 'notes', value: 'mine' }] });
    mine = await signIn(t, me);
    other = await createUser(t, { meta: [{ key: 'company_name', value: 'Other Co' }] });
  });

  const save = (userId: number, meta: unknown, tokens: TestTokens | null = mine) =>
    http.post('meta/user', { user_id: userId, meta }, { headers: tokens?.headers });
  const storedMeta = (userId: number) =>
    t.database.db
      .select({ key: userMeta.key, value: userMeta.value })
      .from(userMeta)
      .where(eq(userMeta.userId, userId))
      .orderBy(userMeta.key);

  it("sets one's own settings and profile fields, answers the whole meta list, and auth/me shows it at once", async () => {
    expect((await http.get('auth/me', { headers: mine.headers })).statusCode).toBe(200); // cached now
    const res = await save(me.id, [
      { key: 'settings.two_factor_enabled', value: '1' },
      { key: 'settings.single_session_limit', value: '1' },
      { key: 'primary_phone_number', value: '0123456789' },
      { key: 'company_name', value: 'Mine Ltd' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { key: 'company_name', value: 'Mine Ltd' },
        { key: 'notes', value: 'mine' },
        { key: 'primary_phone_number', value: '0123456789' },
        { key: 'settings.single_session_limit', value: '1' },
        { key: 'settings.two_factor_enabled', value: '1' },
      ],
    });
    const meNow = await http.get('auth/me', { headers: mine.headers });
    expect(meNow.json().data.meta).toContainEqual({ key: 'settings.two_factor_enabled', value: '1' });

    const offMeta = [
      { key: 'settings.two_factor_enabled', value: '0' },
      { key: 'company_name', value: null },
    ];
    // Turning one's own two-factor off needs the current password (422 with a field error without).
    const unconfirmed = await save(me.id, offMeta);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual({ current_password: [VALIDATION.currentPasswordRequired] });
    const off = await http.post(
      'meta/user',
      { user_id: me.id, meta: offMeta, current_password: me.password },
      { headers: mine.headers },
    );
    expect(off.json().data).toContainEqual({ key: 'settings.two_factor_enabled', value: '0' });
    expect(off.json().data.map((m: { key: string }) => m.key)).not.toContain('company_name');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.meta_updated'), eq(auditLog.targetId, String(me.id))));
    expect(audit).toMatchObject({ actorId: me.id });
    expect(audit!.details).toMatchObject({
      changes: expect.arrayContaining([{ key: 'settings.two_factor_enabled', from: null, to: '1' }]),
    });
  });

  it("refuses a customer writing another user's meta (403), whether or not that user exists", async () => {
    for (const userId of [other.id, 999_999]) {
      const res = await save(userId, [{ key: 'company_name', value: 'Hijacked' }]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.forbidden });
    }
    expect(await storedMeta(other.id)).toEqual([{ key: 'company_name', value: 'Other Co' }]);
  });

  it('keeps admin notes and Uses NSBI for admins (403 for a customer, even on their own user)', async () => {
    for (const key of ['admin_notes', 'settings.nsbi_enabled']) {
      const res = await save(me.id, [{ key, value: key === 'admin_notes' ? 'self-praise' : '1' }]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: USER_ADMIN_MESSAGES.adminOnlyMeta });
    }
    expect((await storedMeta(me.id)).map((m) => m.key)).not.toContain('admin_notes');

    const res = await save(
      other.id,
      [
        { key: 'settings.nsbi_enabled', value: '1' },
        { key: 'admin_notes', value: 'VIP' },
      ],
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { key: 'admin_notes', value: 'VIP' },
        { key: 'settings.nsbi_enabled', value: '1' },
      ]),
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.meta_updated'), eq(auditLog.targetId, String(other.id))));
    expect(audit).toMatchObject({ actorId: adminId });
    expect((await save(999_999, [{ key: 'notes', value: 'x' }], admin)).statusCode).toBe(404);

    // The user sees their NSBI flag but never the admin's notes about them.
    const theirs = await signIn(t, other);
    const own = await save(other.id, [{ key: 'notes', value: 'hello' }], theirs);
    expect(own.json().data).toContainEqual({ key: 'settings.nsbi_enabled', value: '1' });
    expect(own.json().data.map((m: { key: string }) => m.key)).not.toContain('admin_notes');
    const meNow = (await http.get('auth/me', { headers: theirs.headers })).json().data;
    expect(meNow.meta.map((m: { key: string }) => m.key)).toEqual([
      'company_name',
      'notes',
      'settings.nsbi_enabled',
    ]);
  });

  it('answers 422 for unknown keys, values breaking their rule and unknown fields; 401 without a session', async () => {
    const unknown = await save(me.id, [{ key: 'is_admin', value: '1' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'meta.0.key': ['The selected meta key is invalid.'] });

    const flag = await save(me.id, [{ key: 'settings.single_session_limit', value: 'true' }]);
    expect(flag.json().errors).toEqual({
      'settings.single_session_limit': ['Limit to Single Session must be 0 or 1'],
    });
    const phone = await save(me.id, [{ key: 'secondary_phone_number', value: '123' }]);
    expect(phone.json().errors).toEqual({
      secondary_phone_number: ['Phone number must be at least 10 digits'],
    });

    const extra = await http.post(
      'meta/user',
      { user_id: me.id, meta: [{ key: 'notes', value: 'x' }], role_id: 1 },
      { headers: mine.headers },
    );
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ role_id: [USER_ADMIN_MESSAGES.fieldNotAllowed('role_id')] });
    expect((await save(me.id, [])).statusCode).toBe(422);
    expect((await save(me.id, [{ key: 'notes', value: 'x' }], null)).statusCode).toBe(401);
    expect(await storedMeta(me.id)).not.toContainEqual({ key: 'notes', value: 'x' });
  });
});
