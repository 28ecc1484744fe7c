import { beforeAll, describe, expect, it } from 'vitest';
import { pagedNsbiUsersSchema } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { FLEET_INSIGHTS_ID, nsbiCustomer } from '../../test/nsbi';

describe('Users NSBI Dashboards (dundas-bi/project/users-project-items)', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  const names: string[] = [];
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
    for (const name of ['Zoe Zulu', 'Adam Alpha', 'Mia Mike']) {
      names.push(name);
      await nsbiCustomer(t, { name, email: `${name.split(' ')[0]!.toLowerCase()}@nsbi.test` });
    }
    await nsbiCustomer(t, { name: 'Nina Noproject', project: null });
    await createUser(t, { name: 'Olaf Outsider' }); // no NSBI flag
  });

  const list = async (query: string) => {
    const res = await http.get(`dundas-bi/project/users-project-items?${query}`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return pagedNsbiUsersSchema.parse(res.json());
  };

  it('lists NSBI users only, each with the dashboards and reports they see', async () => {
    const page = await list('sortColumn=name');
    expect(page.data.map((u) => u.name)).toEqual(['Adam Alpha', 'Mia Mike', 'Nina Noproject', 'Zoe Zulu']);
    const adam = page.data[0]!;
    expect(adam.project).toEqual({ projectId: FLEET_INSIGHTS_ID, name: 'Fleet Insights' });
    expect(adam.dashboards.map((d) => d.name).sort()).toEqual([
      'Executive Summary',
      'Fleet Overview',
      'Fuel Consumption',
      'Safety Alerts',
    ]);
    expect(adam.reports).toHaveLength(4);
    expect(page.data[2]).toMatchObject({ project: null, dashboards: [], reports: [], unavailable: false });
    expect(page.meta.total).toBe(4);
  });

  it('searches, sorts and pages on the server; links repeat the query', async () => {
    expect((await list('search=MIKE')).data.map((u) => u.name)).toEqual(['Mia Mike']);
    const desc = await list('sortColumn=name&sortDirection=desc&paginate=10');
    expect(desc.data[0]!.name).toBe('Zoe Zulu');
    const second = await list('sortColumn=name&paginate=10&page=2');
    expect(second.data).toEqual([]);
    expect(second.meta).toMatchObject({ total: 4, current_page: 2, last_page: 1 });
    expect(desc.links.first).toContain(
      '/api/v1.0/dundas-bi/project/users-project-items?paginate=10&page=1&sortColumn=name&sortDirection=desc',
    );
  });

  it('exports the list (same search and order, every page) as CSV with item names', async () => {
    const res = await http.get(
      'dundas-bi/project/users-project-items/export?format=csv&sortColumn=name&sortDirection=desc',
      {
        headers: admin.headers,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="nsbi-dashboards-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(
      'id,name,email,created_at,project_id,project_name,dashboards,reports,bi_server_unavailable',
    );
    expect(rows.map((r) => r.split(',')[1])).toEqual([
      'Zoe Zulu',
      'Nina Noproject',
      'Mia Mike',
      'Adam Alpha',
    ]);
    expect(rows[0]).toContain(`,${FLEET_INSIGHTS_ID},Fleet Insights,`);
    expect(rows[0]).toContain('Fleet Overview');
    const searched = await http.get('dundas-bi/project/users-project-items/export?search=mike', {
      headers: admin.headers,
    });
    expect(searched.body.trim().split('\n')).toHaveLength(2);
  });

  it('shows what report access grants', async () => {
    const { user } = await nsbiCustomer(t, { name: 'Gina Granted' });
    const tree = (await http.get(`users/${user.id}/reports`, { headers: admin.headers })).json().data.tree;
    const overview = tree
      .flatMap((n: { children: Array<{ id: string; name: string }> }) => n.children)
      .find((n: { name: string }) => n.name === 'Fleet Overview');
    await http.post(`users/${user.id}/reports`, { report_ids: [overview.id] }, { headers: admin.headers });
    const [gina] = (await list('search=gina')).data;
    expect(gina!.dashboards.map((d) => d.name)).toEqual(['Fleet Overview']);
    expect(gina!.reports.map((r) => r.name)).toEqual(['Harsh Braking Events']); // managed by TS: always there
  });

  it('Connect reports: one project for several users at once, all or nothing', async () => {
    const a = await nsbiCustomer(t, { project: null });
    const b = await nsbiCustomer(t, { project: null });
    const refused = await http.post(
      'dundas-bi/account/projects',
      { user_ids: [a.user.id, 999_999], project_id: FLEET_INSIGHTS_ID },
      { headers: admin.headers },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ user_ids: ['No such users: 999999'] });
    const unknownProject = await http.post(
      'dundas-bi/account/projects',
      { user_ids: [a.user.id], project_id: 'nope' },
      { headers: admin.headers },
    );
    expect(unknownProject.statusCode).toBe(422);

    const ok = await http.post(
      'dundas-bi/account/projects',
      { user_ids: [a.user.id, b.user.id], project_id: FLEET_INSIGHTS_ID },
      { headers: admin.headers },
    );
    expect(ok.json()).toEqual({ data: { count: 2 }, message: 'Project assigned to 2 users.' });
    const items = await http.get('dundas-bi/project/project-items', { headers: b.tokens.headers });
    expect(items.json().data).toHaveLength(8);
    expect(
      (
        await http.post(
          'dundas-bi/account/projects',
          { user_ids: [], project_id: null },
          { headers: admin.headers },
        )
      ).statusCode,
    ).toBe(422);
  });

  it('refuses bad queries (422) and non-admins (403)', async () => {
    for (const query of ['sortColumn=password', 'sortDirection=up', 'paginate=7', 'page=0']) {
      const res = await http.get(`dundas-bi/project/users-project-items?${query}`, {
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(422);
    }
    const { tokens } = await nsbiCustomer(t);
    expect(
      (await http.get('dundas-bi/project/users-project-items', { headers: tokens.headers })).statusCode,
    ).toBe(403);
  });
});
