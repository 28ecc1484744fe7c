import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE_IDS, SYSTEM_SETTING_MESSAGES } from '@portal/contract';
import { auditLog } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, type TestTokens, signedInAdmin } from '../../test/builders';
import { api } from '../../test/http';

describe('system settings', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let customer: TestTokens;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
    customer = await signIn(t, await createUser(t, { roleId: ROLE_IDS.customer }));
  });

  const save = (body: unknown, tokens: TestTokens | null = admin) =>
    http.post('system-settings/save-many', body, { headers: tokens?.headers, ip: '10.3.0.1' });

  it('lets any signed-in user read them; maintenance_mode starts at "0"', async () => {
    const res = await http.get('system-settings', { headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ key: 'maintenance_mode', value: '0' }] });
    expect((await http.get('system-settings')).statusCode).toBe(401);
  });

  it('lets an admin save them, answers the list and audits the change', async () => {
    const res = await save([{ key: 'maintenance_mode', value: '1' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ key: 'maintenance_mode', value: '1' }] });
    const read = await http.get('system-settings', { headers: customer.headers });
    expect(read.json().data).toEqual([{ key: 'maintenance_mode', value: '1' }]);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'system_settings.saved'));
    expect(audit).toMatchObject({ actorId: adminId, ip: '10.3.0.1' });
    expect(audit!.details).toEqual({ changes: [{ key: 'maintenance_mode', from: '0', to: '1' }] });
    await save([{ key: 'maintenance_mode', value: '0' }]);
  });

  it('refuses a customer with 403 and a visitor with 401, before looking at the body', async () => {
    const forbidden = await save([{ key: 'nonsense', value: 'x' }], customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: MESSAGES.forbidden });
    const anonymous = await save([{ key: 'nonsense', value: 'x' }], null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it('answers 422 for unknown keys and for a maintenance_mode that is not "0"/"1"', async () => {
    const unknown = await save([{ key: 'colour', value: 'red' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ '0.key': [SYSTEM_SETTING_MESSAGES.unknownKey] });

    const badFlag = await save([{ key: 'maintenance_mode', value: 'yes' }]);
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().errors).toEqual({
      '0.value': [SYSTEM_SETTING_MESSAGES.flagValue('maintenance_mode')],
    });

    expect((await save([])).statusCode).toBe(422);
    expect((await save({ key: 'maintenance_mode', value: '1' })).statusCode).toBe(422);
    const read = await http.get('system-settings', { headers: admin.headers });
    expect(read.json().data).toEqual([{ key: 'maintenance_mode', value: '0' }]);
  });
});
