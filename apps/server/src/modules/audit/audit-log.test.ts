import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { AUDIT_COUNT_CAP, ROLE_IDS } from '@portal/contract';
import { auditLog } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import {
  createUser,
  DEFAULT_TEST_PASSWORD,
  signIn,
  signedInAdmin,
  type TestTokens,
} from '../../test/builders';
import { runBulk } from '../../test/bulk';
import { api } from '../../test/http';

type Entry = {
  id: number;
  action: string;
  actor: { id: number; name: string | null } | null;
  target_name: string | null;
  at: string;
};

describe('GET audit-log and its CSV export', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let adminId: number;
  let customer: TestTokens;
  let dana: number;
  beforeAll(async () => {
    ({ id: adminId, tokens: admin } = await signedInAdmin(t));
    dana = (await createUser(t, { name: 'Dana Fleet', roleId: ROLE_IDS.customer })).id;
    customer = await signIn(t, { id: dana });
    await t.database.db.delete(auditLog);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    await t.database.db.insert(auditLog).values([
      { at: at(1), actorId: null, action: 'auth.login.failed', ip: '10.0.0.1', details: { username: 'x' } },
      {
        at: at(2),
        actorId: dana,
        actorName: 'Dana Fleet',
        action: 'auth.login.succeeded',
        targetType: 'user',
        targetId: String(dana),
        targetName: 'Dana Fleet',
      },
      {
        at: at(3),
        actorId: adminId,
        action: 'users.blocked',
        targetType: 'user',
        targetId: String(dana),
        targetName: 'Dana Fleet',
      },
      { at: at(4), actorId: adminId, action: 'system_settings.saved', targetType: 'system_settings' },
      {
        at: at(5),
        actorId: adminId,
        action: 'users.meta_updated',
        targetType: 'user',
        targetId: '=HYPERLINK("x")',
      },
    ]);
  });

  const list = async (query: string, tokens = admin) => {
    const res = await http.get(`audit-log?${query}`, { headers: tokens.headers });
    // Each read leaves a row of its own ('reads and exports are audited' below checks them);
    // cleared here so every expectation sees the fixture alone.
    await t.database.db
      .delete(auditLog)
      .where(inArray(auditLog.action, ['audit_log.read', 'audit_log.exported']));
    return {
      status: res.statusCode,
      body: res.json() as {
        data: Entry[];
        meta: { total: number; total_is_lower_bound: boolean };
        links: { next: string | null };
      },
    };
  };

  it('pages newest first with who, what, whom and when', async () => {
    const { status, body } = await list('paginate=10');
    expect(status).toBe(200);
    expect(body.data.map((e) => e.action)).toEqual([
      'users.meta_updated',
      'system_settings.saved',
      'users.blocked',
      'auth.login.succeeded',
      'auth.login.failed',
    ]);
    expect(body.meta.total).toBe(5);
    expect(body.data[2]).toMatchObject({
      actor: { id: adminId },
      target_name: 'Dana Fleet',
      at: '2026-01-03T12:00:00.000Z',
    });
    expect(body.data[4]!.actor).toBeNull();
    // A target id that is not a user id is shown as stored, without a name.
    expect(body.data[0]!.target_name).toBeNull();
  });

  it('filters by actor, target, action prefix and a date range, and keeps the filters in its links', async () => {
    expect((await list(`actor=${adminId}`)).body.meta.total).toBe(3);
    expect((await list(`target=${dana}`)).body.data.map((e) => e.action)).toEqual([
      'users.blocked',
      'auth.login.succeeded',
    ]);
    expect((await list('action=auth.login')).body.data.map((e) => e.action)).toEqual([
      'auth.login.succeeded',
      'auth.login.failed',
    ]);
    // "_" is no wildcard in the prefix.
    expect((await list('action=users_')).body.meta.total).toBe(0);
    // A bare `to` date includes that day.
    expect(
      (await list('from=2026-01-02&to=2026-01-03&sortDirection=asc')).body.data.map((e) => e.action),
    ).toEqual(['auth.login.succeeded', 'users.blocked']);
    const paged = await list(`paginate=10&actor=${adminId}&action=users`);
    expect(paged.body.meta.total).toBe(2);
    const first = await list(`paginate=10&page=1&actor=${adminId}`);
    expect(first.body.links.next).toBeNull();
  });

  it('answers 422 for bad filters, 403 for a customer and 401 without a token', async () => {
    const bad = await http.get('audit-log?from=yesterday&actor=x', { headers: admin.headers });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['from', 'actor']));
    expect((await list('', customer)).status).toBe(403);
    expect((await http.get('audit-log')).statusCode).toBe(401);
    expect((await http.get('audit-log/export', { headers: customer.headers })).statusCode).toBe(403);
  });

  it('exports the filtered log as a CSV download with formula cells escaped', async () => {
    const res = await http.get(`audit-log/export?format=csv&actor=${adminId}`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,at,action,actor_id,actor_name,target_type,target_id,target_name,ip,details');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toContain('users.blocked');
    expect((await http.get('audit-log/export?format=xml', { headers: admin.headers })).statusCode).toBe(422);
  });

  it('exports more rows than one keyset page, each once and in order', async () => {
    const base = Date.UTC(2025, 0, 1);
    // Same timestamp for many rows: the cursor must order by id too.
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      at: new Date(base + Math.floor(i / 7) * 1000),
      actorId: adminId,
      action: 'bulk.test',
    }));
    await t.database.db.insert(auditLog).values(rows);
    const res = await http.get('audit-log/export?action=bulk.test', { headers: admin.headers });
    const ids = res.body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    const sorted = [...ids].sort((a, b) => b - a);
    expect(ids).toEqual(sorted);
  });

  it('counts matching rows up to AUDIT_COUNT_CAP and then says the total is a lower bound', async () => {
    const count = async () => (await list('action=cap.test')).body.meta;
    await t.database.db.execute(sql`
      insert into audit_log (action) select 'cap.test' from generate_series(1, ${AUDIT_COUNT_CAP}::int)`);
    expect(await count()).toMatchObject({ total: AUDIT_COUNT_CAP, total_is_lower_bound: false });
    await t.database.db.insert(auditLog).values({ action: 'cap.test' });
    expect(await count()).toMatchObject({ total: AUDIT_COUNT_CAP, total_is_lower_bound: true });
  });

  it('refuses dates PostgreSQL cannot hold and pages past the counted cap with 422, never 500', async () => {
    for (const url of [
      'audit-log?from=-271821-04-20',
      'audit-log/export?from=-271821-04-20',
      'audit-log/export?to=275760-09-13',
      'audit-log?to=1969-12-31',
    ]) {
      const res = await http.get(url, { headers: admin.headers });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
    const deep = await http.get(`audit-log?paginate=10&page=${AUDIT_COUNT_CAP / 10 + 1}`, {
      headers: admin.headers,
    });
    expect(deep.statusCode).toBe(422);
    expect(Object.keys(deep.json().errors)).toEqual(['page']);
    // The last page the pager can link to still answers.
    const last = await http.get(`audit-log?paginate=10&page=${AUDIT_COUNT_CAP / 10}`, {
      headers: admin.headers,
    });
    expect(last.statusCode).toBe(200);
  });

  it('reads and exports of the log are audited: who, with which filter, how many rows, from where', async () => {
    await t.database.db
      .delete(auditLog)
      .where(inArray(auditLog.action, ['audit_log.read', 'audit_log.exported']));
    await http.get(`audit-log?paginate=10&action=users.blocked&actor=${adminId}`, {
      headers: admin.headers,
      ip: '198.51.100.4',
    });
    await http.get(`audit-log/export?action=users.blocked`, { headers: admin.headers, ip: '198.51.100.5' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['audit_log.read', 'audit_log.exported']))
      .orderBy(desc(auditLog.id));
    expect(rows.map((r) => [r.action, r.actorId, r.ip, r.details])).toEqual([
      [
        'audit_log.exported',
        adminId,
        '198.51.100.5',
        {
          filter: { action: 'users.blocked', sortColumn: 'at', sortDirection: 'desc' },
          rows: 1,
          complete: true,
        },
      ],
      [
        'audit_log.read',
        adminId,
        '198.51.100.4',
        {
          filter: { action: 'users.blocked', actor: adminId, sortColumn: 'at', sortDirection: 'desc' },
          page: 1,
          rows: 1,
        },
      ],
    ]);
  });

  it('every export leaves a row with its filter and the rows it sent (users, NSBI, usage)', async () => {
    const exports = [
      ['users/export?search=Dana', 'users.exported'],
      ['dundas-bi/project/users-project-items/export?search=zzz-nobody', 'bi.nsbi_users.exported'],
      ['usage/export?table=top-users&days=7', 'usage.exported'],
    ] as const;
    for (const [url, action] of exports) {
      const res = await http.get(url, { headers: admin.headers, ip: '198.51.100.9' });
      expect(res.statusCode, url).toBe(200);
      const sent = res.body.trim().split('\n').length - 1;
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row, url).toMatchObject({ actorId: adminId, ip: '198.51.100.9' });
      expect(row!.details).toMatchObject({ rows: sent, complete: true });
      expect(row!.details!.filter).toEqual(expect.any(Object));
    }
    const [users] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.exported'))
      .limit(1);
    expect(users!.details).toMatchObject({ filter: { search: 'Dana' }, rows: 1 });
  });

  it('keeps names as they were when the row was written: a rename or a deletion does not rewrite history', async () => {
    const before = (await createUser(t, { name: 'Robin Before', roleId: ROLE_IDS.customer })).id;
    const blocked = await runBulk(
      t,
      { action: 'block', ids: [before], current_password: DEFAULT_TEST_PASSWORD },
      { headers: admin.headers, ip: '198.51.100.20' },
    );
    expect(blocked.done).toBe(1);
    const adminName = (await http.get(`users/${adminId}`, { headers: admin.headers })).json().data.name;
    await t.database.db.execute(sql`update users set name = 'Robin After' where id = ${before}`);
    await t.database.db.execute(sql`update users set name = 'Renamed Admin' where id = ${adminId}`);
    try {
      const { body } = await list(`target=${before}&action=users.blocked`);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        actor: { id: adminId, name: adminName },
        target_name: 'Robin Before',
        ip: '198.51.100.20',
      });
      await t.database.db.execute(sql`delete from users where id = ${before}`);
      expect((await list(`target=${before}&action=users.blocked`)).body.data[0]!.target_name).toBe(
        'Robin Before',
      );
    } finally {
      await t.database.db.execute(sql`update users set name = ${adminName} where id = ${adminId}`);
    }
  });

  it('every row a request writes carries the client address, services that never named it included', async () => {
    // A report folder is audited by a service that only knows the acting user's id.
    const res = await http.post(
      'bi/reports/folders',
      { name: 'Audited folder' },
      { headers: admin.headers, ip: '198.51.100.21' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report_folders.created'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: adminId, ip: '198.51.100.21' });
  });
});
