import { beforeAll, describe, expect, it } from 'vitest';
import { usageSchema } from '@portal/contract';
import { userClicks } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { nsbiCustomer } from '../../test/nsbi';

describe('NS BI usage (usage/clicks)', () => {
  const today = new Date('2026-11-24T12:00:00Z');
  const t = useTestApp({}, { now: () => today });
  const http = api(t);
  let admin: TestTokens;
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
  });

  const usage = async (days = 30) => {
    const res = await http.get(`usage/clicks?days=${days}`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return usageSchema.parse(res.json().data);
  };

  it('counts clicks per day, top reports (named from the BI tree) and top users, over the range only', async () => {
    const ana = await nsbiCustomer(t, { name: 'Ana Active' });
    const ben = await nsbiCustomer(t, { name: 'Ben Browser' });
    const items = (await http.get('dundas-bi/project/project-items', { headers: ana.tokens.headers })).json()
      .data;
    const overview = items.find((i: { name: string }) => i.name === 'Fleet Overview').id as string;
    const click = (tokens: TestTokens, report?: string) =>
      http.post(
        report ? `user-logs/increase-report-clicks?report_id=${report}` : 'user-logs/increase-nsbi-clicks',
        undefined,
        {
          headers: tokens.headers,
        },
      );
    await click(ana.tokens);
    await click(ana.tokens, overview);
    await click(ana.tokens, overview);
    await click(ben.tokens);
    // An old click, outside 30 days but inside 90, written as the trigger sees any insert.
    await t.database.db.insert(userClicks).values({
      userId: ben.user.id,
      kind: 'report',
      reportId: overview,
      at: new Date('2026-09-01T08:00:00Z'),
    });

    const month = await usage(30);
    expect(month.from).toBe('2026-10-26');
    expect(month.to).toBe('2026-11-24');
    expect(month.perDay).toHaveLength(30);
    expect(month.perDay.at(-1)).toEqual({ day: '2026-11-24', nsbi: 2, report: 2 });
    expect(month.totals).toEqual({ nsbi: 2, report: 2 });
    expect(month.topReports).toEqual([{ reportId: overview, name: 'Fleet Overview', clicks: 2 }]);
    expect(month.topUsers.map((u) => [u.name, u.clicks])).toEqual([
      ['Ana Active', 3],
      ['Ben Browser', 1],
    ]);

    const quarter = await usage(90);
    expect(quarter.totals.report).toBe(3);
    expect(quarter.perDay.find((d) => d.day === '2026-09-01')).toEqual({
      day: '2026-09-01',
      nsbi: 0,
      report: 1,
    });
  });

  it('a deleted user’s clicks still count, without a name', async () => {
    const gone = await createUser(t);
    await http.post('user-logs/increase-nsbi-clicks', undefined, {
      headers: (await signIn(t, gone)).headers,
    });
    await http.delete(`users/${gone.id}?block=0`, { headers: admin.headers });
    const month = await usage(30);
    expect(month.topUsers.find((u) => u.userId === gone.id)).toMatchObject({ name: null, clicks: 1 });
  });

  it('only admins; only the ranges offered', async () => {
    const customer = await signIn(t, await createUser(t));
    expect((await http.get('usage/clicks', { headers: customer.headers })).statusCode).toBe(403);
    expect((await http.get('usage/clicks?days=12', { headers: admin.headers })).statusCode).toBe(422);
  });

  it('exports each table of the screen as CSV over the same range', async () => {
    const csv = async (query: string) => {
      const res = await http.get(`usage/export?${query}`, { headers: admin.headers });
      return { status: res.statusCode, lines: res.body.trim().split('\n'), headers: res.headers };
    };
    const perDay = await csv('days=7&table=per-day');
    expect(perDay.status).toBe(200);
    expect(perDay.headers['content-disposition']).toContain('filename="usage-per-day-7d-2026-11-24.csv"');
    expect(perDay.lines[0]).toBe('day,nsbi_clicks,report_clicks');
    expect(perDay.lines).toHaveLength(8);
    expect(perDay.lines[7]).toMatch(/^2026-11-24,\d+,\d+$/);
    const data = await usage(30);
    const users = await csv('days=30&table=top-users');
    expect(users.lines[0]).toBe('user_id,name,email,clicks');
    expect(users.lines).toHaveLength(data.topUsers.length + 1);
    expect((await csv('days=30&table=top-reports')).lines[0]).toBe('report_id,name,clicks');
    expect((await csv('days=30&table=nope')).status).toBe(422);
    expect((await csv('days=30')).status).toBe(422);
  });
});
