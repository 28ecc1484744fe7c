import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES, META_KEYS, ROLE_IDS, type BulkUsersResponse } from '@portal/contract';
import { auditLog, users, userMeta } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { FLEET_INSIGHTS_ID } from '../../test/nsbi';

describe('POST users/bulk', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
  });

  const bulk = async (body: unknown, tokens = admin) => {
    const res = await http.post('users/bulk', body, { headers: tokens.headers, ip: '10.9.0.1' });
    return {
      status: res.statusCode,
      body: res.json() as BulkUsersResponse & { errors?: Record<string, string[]> },
    };
  };
  const people = async (prefix: string, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await createUser(t, { name: `${prefix} ${i}`, email: `${prefix}${i}@bulk.test` })).id);
    return ids;
  };
  const auditOf = (action: string, ids: number[]) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), inArray(auditLog.targetId, ids.map(String))));

  it('blocks the selected users, one audit row each, and never the acting admin', async () => {
    const ids = await people('blockme', 3);
    const { status, body } = await bulk({ action: 'block', ids: [...ids, adminId, 999999] });
    expect(status).toBe(200);
    expect(body.message).toBe('3 of 5 users updated.');
    expect(body.data).toMatchObject({ action: 'block', total: 5, done: 3, skipped: 1, failed: 1 });
    expect(body.data.results).toContainEqual({ id: adminId, status: 'skipped', message: BULK_MESSAGES.self });
    expect(body.data.results).toContainEqual({
      id: 999999,
      status: 'failed',
      message: BULK_MESSAGES.notFound,
    });
    const rows = await t.database.db
      .select({ id: users.id, blockedAt: users.blockedAt })
      .from(users)
      .where(inArray(users.id, ids));
    expect(rows.every((r) => r.blockedAt !== null)).toBe(true);
    const audits = await auditOf('users.blocked', ids);
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.actorId === adminId && a.ip === '10.9.0.1')).toBe(true);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(me!.blockedAt).toBeNull();

    // …and restores them: all blocked users matching a search.
    const restored = await bulk({ action: 'restore', filter: { search: 'blockme', blocked: true } });
    expect(restored.body.data).toMatchObject({ total: 3, done: 3 });
    expect(await auditOf('users.restored', ids)).toHaveLength(3);
  });

  it('turns NSBI on for every user a filter matches, and assigns a BI project', async () => {
    const ids = await people('nsbifilter', 4);
    const on = await bulk({ action: 'nsbi_on', filter: { search: 'nsbifilter' } });
    expect(on.body.data).toMatchObject({ total: 4, done: 4 });
    const flags = await t.database.db
      .select()
      .from(userMeta)
      .where(and(inArray(userMeta.userId, ids), eq(userMeta.key, META_KEYS.nsbiEnabled)));
    expect(flags.map((f) => f.value)).toEqual(['1', '1', '1', '1']);
    const assigned = await bulk({ action: 'assign_project', ids, project_id: FLEET_INSIGHTS_ID });
    expect(assigned.body.data.done).toBe(4);
    expect(await auditOf('bi.project.assigned', ids)).toHaveLength(4);
    const unknown = await bulk({
      action: 'assign_project',
      ids: ids.slice(0, 1),
      project_id: '00000000-0000-4000-8000-00000000000f',
    });
    expect(unknown.body.data.results[0]).toMatchObject({ status: 'failed' });
  });

  it('deletes the selected users', async () => {
    const ids = await people('deleteme', 2);
    const { body } = await bulk({ action: 'delete', ids });
    expect(body.data.done).toBe(2);
    expect(await t.database.db.select().from(users).where(inArray(users.id, ids))).toEqual([]);
    expect(await auditOf('users.deleted', ids)).toHaveLength(2);
  });

  it('refuses a bad body with 422, customers with 403 and visitors with 401', async () => {
    expect((await bulk({ action: 'explode', ids: [1] })).status).toBe(422);
    const both = await bulk({ action: 'block', ids: [1], filter: { search: 'x' } });
    expect(both.status).toBe(422);
    expect(both.body.errors?.ids).toEqual([BULK_MESSAGES.idsOrFilter]);
    expect((await bulk({ action: 'block' })).status).toBe(422);
    const noProject = await bulk({ action: 'assign_project', ids: [1] });
    expect(noProject.body.errors?.project_id).toEqual([BULK_MESSAGES.projectRequired]);
    const customer = await signIn(t, await createUser(t, { roleId: ROLE_IDS.customer }));
    expect((await bulk({ action: 'block', ids: [adminId] }, customer)).status).toBe(403);
    expect((await http.post('users/bulk', { action: 'block', ids: [1] })).statusCode).toBe(401);
  });
});
