import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MESSAGES,
  META_KEYS,
  ROLE_IDS,
  THROTTLE,
  USER_ADMIN_MESSAGES,
  VALIDATION,
  type BulkJob,
} from '@portal/contract';
import { auditLog, bulkJobs, users, userMeta } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import {
  createAdmin,
  createUser,
  DEFAULT_TEST_PASSWORD,
  signIn,
  signedInAdmin,
  type TestTokens,
} from '../../test/builders';
import { api } from '../../test/http';
import { finishedBulkJob, runBulk } from '../../test/bulk';
import { FLEET_INSIGHTS_ID } from '../../test/nsbi';

describe('POST users/bulk: a job', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
  });
  const password = { current_password: DEFAULT_TEST_PASSWORD };

  const start = async (body: unknown, tokens = admin) => {
    const res = await http.post('users/bulk', body, { headers: tokens.headers, ip: '10.9.0.1' });
    return {
      status: res.statusCode,
      body: res.json() as { data: BulkJob; message: string; errors?: Record<string, string[]> },
    };
  };
  const finished = (id: number, tokens = admin) => finishedBulkJob(t, id, tokens.headers);
  const run = (body: unknown, tokens = admin) => runBulk(t, body, { headers: tokens.headers });
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
  const blockedOf = async (ids: number[]) =>
    (
      await t.database.db.select({ blockedAt: users.blockedAt }).from(users).where(inArray(users.id, ids))
    ).map((r) => r.blockedAt !== null);

  it('answers 202 with the running job at once, then blocks the selected users, one audit row each, never the acting admin', async () => {
    const ids = await people('blockme', 3);
    const started = await start({ action: 'block', ids: [...ids, adminId, 999999], ...password });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ state: 'running', total: 5, processed: 0 });
    expect(started.body.data.message).toBe(BULK_MESSAGES.started(5));
    const job = await finished(started.body.data.id);
    expect(job).toMatchObject({ action: 'block', state: 'done', total: 5, processed: 5, done: 3 });
    expect(job.message).toBe('3 of 5 users updated.');
    expect(job.results).toEqual([
      { id: adminId, status: 'skipped', message: BULK_MESSAGES.self },
      { id: 999999, status: 'failed', message: BULK_MESSAGES.notFound },
    ]);
    expect(await blockedOf(ids)).toEqual([true, true, true]);
    const audits = await auditOf('users.blocked', ids);
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.actorId === adminId && a.ip === '10.9.0.1')).toBe(true);
    const [started_] = await auditOf('users.bulk_started', [started.body.data.id]);
    expect(started_).toMatchObject({ actorId: adminId, targetType: 'bulk_job' });
    expect(JSON.stringify(started_!.details)).not.toContain(DEFAULT_TEST_PASSWORD);
    expect(await blockedOf([adminId])).toEqual([false]);

    // …and restores them: all blocked users matching a search, as many as the list showed.
    const restored = await run({
      action: 'restore',
      filter: { search: 'blockme', blocked: true, expected_total: 3 },
      ...password,
    });
    expect(restored).toMatchObject({ total: 3, done: 3 });
    expect(await auditOf('users.restored', ids)).toHaveLength(3);
  });

  it("block, restore and delete need the acting admin's password; wrong ones count against their sign-in", async () => {
    const ids = await people('needpw', 1);
    for (const action of ['block', 'restore', 'delete'] as const) {
      const missing = await start({ action, ids });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe(USER_ADMIN_MESSAGES.stepUpRequired);
      expect(missing.body.errors).toEqual({ current_password: [VALIDATION.currentPasswordRequired] });
    }
    // NSBI on/off and a BI project are not among them.
    expect((await start({ action: 'nsbi_on', ids })).status).toBe(202);

    const guesser = await createAdmin(t);
    const tokens = await signIn(t, guesser);
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      const wrong = await start({ action: 'block', ids, current_password: `guess-${i}` }, tokens);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: [VALIDATION.currentPasswordWrong] });
    }
    expect((await start({ action: 'block', ids, current_password: guesser.password }, tokens)).status).toBe(
      429,
    );
    expect(await blockedOf(ids)).toEqual([false]);
  });

  it('a filter never reaches an administrator, even one its search matches; an id does', async () => {
    const other = await createAdmin(t, { name: 'Filteradmin Boss', email: 'filteradmin-boss@bulk.test' });
    const ids = await people('filteradmin', 2);
    const job = await run({
      action: 'block',
      filter: { search: 'filteradmin', expected_total: 3 },
      ...password,
    });
    expect(job).toMatchObject({ total: 3, done: 2, skipped: 1 });
    expect(job.results).toEqual([{ id: other.id, status: 'skipped', message: BULK_MESSAGES.adminByFilter }]);
    expect(await blockedOf([other.id, ...ids])).toEqual([false, true, true]);

    const named = await run({ action: 'block', ids: [other.id], ...password });
    expect(named).toMatchObject({ done: 1 });
    expect(await blockedOf([other.id])).toEqual([true]);
  });

  it('refuses a search that is empty once cleaned (it would match everyone) with 422', async () => {
    for (const search of ['\u0000', '  ', '\u0007\u001f', '', '\t\n']) {
      const res = await start({ action: 'nsbi_off', filter: { search, expected_total: 1 } });
      expect(res.status, JSON.stringify(search)).toBe(422);
      expect(res.body.errors?.['filter.search']).toEqual([BULK_MESSAGES.searchEmpty]);
    }
  });

  it('refuses a filter run whose count is not the one the admin saw (409), or that does not say it (422)', async () => {
    await people('countme', 2);
    const stale = await start({ action: 'nsbi_on', filter: { search: 'countme', expected_total: 5 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(BULK_MESSAGES.countChanged(5, 2));
    const unsaid = await start({ action: 'nsbi_on', filter: { search: 'countme' } });
    expect(unsaid.status).toBe(422);
    expect(unsaid.body.errors?.['filter.expected_total']).toEqual([BULK_MESSAGES.expectedTotalRequired]);
    const flags = await t.database.db
      .select()
      .from(userMeta)
      .innerJoin(users, eq(users.id, userMeta.userId))
      .where(and(eq(userMeta.key, META_KEYS.nsbiEnabled), inArray(users.email, ['countme0@bulk.test'])));
    expect(flags).toEqual([]);
  });

  it('turns NSBI on for every user a filter matches, and assigns a BI project', async () => {
    const ids = await people('nsbifilter', 4);
    const on = await run({ action: 'nsbi_on', filter: { search: 'nsbifilter', expected_total: 4 } });
    expect(on).toMatchObject({ total: 4, done: 4 });
    const flags = await t.database.db
      .select()
      .from(userMeta)
      .where(and(inArray(userMeta.userId, ids), eq(userMeta.key, META_KEYS.nsbiEnabled)));
    expect(flags.map((f) => f.value)).toEqual(['1', '1', '1', '1']);
    const assigned = await run({ action: 'assign_project', ids, project_id: FLEET_INSIGHTS_ID });
    expect(assigned.done).toBe(4);
    expect(await auditOf('bi.project.assigned', ids)).toHaveLength(4);
    const unknown = await run({
      action: 'assign_project',
      ids: ids.slice(0, 1),
      project_id: '00000000-0000-4000-8000-00000000000f',
    });
    expect(unknown.results[0]).toMatchObject({ status: 'failed' });
  });

  it('deletes the selected users', async () => {
    const ids = await people('deleteme', 2);
    const job = await run({ action: 'delete', ids, ...password });
    expect(job.done).toBe(2);
    expect(await t.database.db.select().from(users).where(inArray(users.id, ids))).toEqual([]);
    expect(await auditOf('users.deleted', ids)).toHaveLength(2);
  });

  it('one running job per admin (409); a job whose instance died is interrupted, and frees the slot', async () => {
    const { id, tokens } = await signedInAdmin(t);
    const ids = await people('onejob', 1);
    const now = new Date();
    const [alive] = await t.database.db
      .insert(bulkJobs)
      .values({ actorId: id, action: 'nsbi_on', total: 50, startedAt: now, heartbeatAt: now })
      .returning();
    const second = await start({ action: 'nsbi_on', ids }, tokens);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(BULK_MESSAGES.jobRunning);

    // Its instance stopped beating a minute ago: the next look marks it interrupted.
    const dead = new Date(now.getTime() - 60_000);
    await t.database.db
      .update(bulkJobs)
      .set({ heartbeatAt: dead, processed: 7, done: 7 })
      .where(eq(bulkJobs.id, alive!.id));
    const res = await http.get(`users/bulk/${alive!.id}`, { headers: tokens.headers });
    expect(res.json().data).toMatchObject({
      state: 'interrupted',
      message: BULK_MESSAGES.interrupted(7, 50),
    });
    expect(res.json().data.finished_at).toEqual(expect.any(String));
    expect((await run({ action: 'nsbi_on', ids }, tokens)).state).toBe('done');
  });

  it('refuses a bad body with 422, customers with 403, visitors with 401; an unknown job is 404', async () => {
    expect((await start({ action: 'explode', ids: [1] })).status).toBe(422);
    const both = await start({ action: 'nsbi_on', ids: [1], filter: { search: 'x', expected_total: 1 } });
    expect(both.status).toBe(422);
    expect(both.body.errors?.ids).toEqual([BULK_MESSAGES.idsOrFilter]);
    expect((await start({ action: 'nsbi_on' })).status).toBe(422);
    const noProject = await start({ action: 'assign_project', ids: [1] });
    expect(noProject.body.errors?.project_id).toEqual([BULK_MESSAGES.projectRequired]);
    const customer = await signIn(t, await createUser(t, { roleId: ROLE_IDS.customer }));
    expect((await start({ action: 'block', ids: [adminId] }, customer)).status).toBe(403);
    expect((await http.get('users/bulk/1', { headers: customer.headers })).statusCode).toBe(403);
    expect((await http.post('users/bulk', { action: 'block', ids: [1] })).statusCode).toBe(401);
    expect((await http.get('users/bulk/1')).statusCode).toBe(401);
    expect((await http.get('users/bulk/99999999', { headers: admin.headers })).statusCode).toBe(404);
  });

  it("answers a job to the admin who started it only: another admin's is 404", async () => {
    const ids = await people('Owned', 1);
    const job = await run({ action: 'nsbi_on', ids });
    expect((await http.get(`users/bulk/${job.id}`, { headers: admin.headers })).statusCode).toBe(200);
    const { tokens: other } = await signedInAdmin(t);
    const res = await http.get(`users/bulk/${job.id}`, { headers: other.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('bulk jobs and shutdown', () => {
  const t = useTestApp();
  const http = api(t);

  it('a shutdown ends a running job after its current user, marked interrupted', async () => {
    const { tokens } = await signedInAdmin(t);
    const ids: number[] = [];
    for (let i = 0; i < 60; i += 1) ids.push((await createUser(t, { email: `stop${i}@bulk.test` })).id);
    const res = await http.post('users/bulk', { action: 'nsbi_on', ids }, { headers: tokens.headers });
    expect(res.statusCode).toBe(202);
    const jobId = res.json().data.id as number;
    await t.app.users.bulk.stop();
    const [job] = await t.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
    expect(job!.state).toBe('interrupted');
    expect(job!.processed).toBeLessThan(60);
    expect(job!.finishedAt).not.toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('bulk jobs after an instance died (PostgreSQL)', () => {
  it('a job its dead instance left running is marked interrupted when the next instance starts', async () => {
    const first = await createTestApp();
    let next: TestApp | undefined;
    try {
      const admin = await createAdmin(first);
      // What a killed instance leaves: a running job whose heartbeat stopped a minute ago.
      const dead = new Date(Date.now() - 60_000);
      const [left] = await first.database.db
        .insert(bulkJobs)
        .values({ actorId: admin.id, action: 'block', total: 10, startedAt: dead, heartbeatAt: dead })
        .returning();
      next = await createTestApp({}, { databaseUrl: first.config.databaseUrl });
      const [row] = await next.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, left!.id));
      expect(row).toMatchObject({ state: 'interrupted' });
      expect(row!.finishedAt).not.toBeNull();
    } finally {
      await next?.close();
      await first.close();
    }
  });
});
