import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ACCESS_MESSAGES, reportItemListSchema, userReportsSchema } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { useTestApp } from '../../../test/use-test-app';
import { signedInAdmin, type TestTokens } from '../../../test/builders';
import { closedPortUrl } from '../../../test/fake-remote';
import { api } from '../../../test/http';
import { nsbiCustomer } from '../../../test/nsbi';
import { createGrantRepository } from './repository';

describe('report access per user (users/{id}/reports)', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
  });

  const access = async (userId: number) =>
    userReportsSchema.parse(
      (await http.get(`users/${userId}/reports`, { headers: admin.headers })).json().data,
    );
  const visible = async (tokens: TestTokens) =>
    reportItemListSchema
      .parse((await http.get('dundas-bi/project/project-items', { headers: tokens.headers })).json().data)
      .map((i) => i.name)
      .sort();

  it('answers the tree of the user’s project; before any choice the user sees every item', async () => {
    const { user } = await nsbiCustomer(t);
    const reports = await access(user.id);
    expect(reports.configured).toBe(false);
    expect(reports.tree.map((n) => `${n.name}${n.isLeaf ? '' : '/'}`)).toEqual([
      'Fuel/',
      'Operations/',
      'Safety/',
      'Executive Summary',
    ]);
    const safety = reports.tree.find((n) => n.name === 'Safety')!;
    expect(safety.children.map((n) => [n.name, n.managedBy])).toEqual([
      ['Harsh Braking Events', 'TS'],
      ['Safety Alerts', null],
    ]);
    expect(reports.access).toHaveLength(8);
    expect(reports.items.find((i) => i.name === 'Fleet Overview')).toMatchObject({
      folderName: 'Operations',
    });
    expect(reports.access.filter((a) => a.isReadOnly)).toHaveLength(1);
  });

  it('grants exactly the chosen items: the customer then sees those (and the TS-managed one), nothing else', async () => {
    const { user, tokens } = await nsbiCustomer(t);
    const { tree } = await access(user.id);
    const leaves = tree.flatMap((n) => (n.isLeaf ? [n] : n.children));
    const pick = (name: string) => leaves.find((l) => l.name === name)!.id;

    const saved = await http.post(
      `users/${user.id}/reports`,
      { report_ids: [pick('Fleet Overview'), pick('Fuel Consumption')] },
      { headers: admin.headers },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toHaveLength(3);
    expect(await visible(tokens)).toEqual(['Fleet Overview', 'Fuel Consumption', 'Harsh Braking Events']);
    expect((await access(user.id)).configured).toBe(true);

    await http.post(
      `users/${user.id}/reports`,
      { report_ids: [pick('Fuel Consumption')] },
      { headers: admin.headers },
    );
    expect(await visible(tokens)).toEqual(['Fuel Consumption', 'Harsh Braking Events']);
    // A token for an item no longer granted: 404, as for any item that is not yours.
    const gone = await http.get(`dundas-bi/log-on/token?item=${pick('Fleet Overview')}`, {
      headers: tokens.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('the BI server follows the grants: a legitimate token opens no ungranted item, and narrowing revokes at once', async () => {
    const { user, tokens } = await nsbiCustomer(t);
    const { tree } = await access(user.id);
    const leaves = tree.flatMap((n) => (n.isLeaf ? [n] : n.children));
    const pick = (name: string) => leaves.find((l) => l.name === name)!.id;
    const tokenFor = async (id: string) =>
      (await http.get(`dundas-bi/log-on/token?item=${id}`, { headers: tokens.headers })).json().data
        .logOnToken as string;
    const open = async (kind: string, id: string, token: string) =>
      (await fetch(`${t.simulators!.biUrl}/${kind}/${id}?logonTokenId=${token}`)).status;
    await http.post(
      `users/${user.id}/reports`,
      { report_ids: [pick('Fleet Overview'), pick('Fuel Consumption')] },
      { headers: admin.headers },
    );
    // Granted: opens. The token put in the URL of an ungranted dashboard: refused by the BI server.
    expect(await open('Dashboard', pick('Fuel Consumption'), await tokenFor(pick('Fleet Overview')))).toBe(
      200,
    );
    expect(await open('Dashboard', pick('Executive Summary'), await tokenFor(pick('Fleet Overview')))).toBe(
      403,
    );
    // A token handed out before the admin took the item away opens nothing of it afterwards.
    const early = await tokenFor(pick('Fleet Overview'));
    await http.post(
      `users/${user.id}/reports`,
      { report_ids: [pick('Fuel Consumption')] },
      { headers: admin.headers },
    );
    expect(await open('Dashboard', pick('Fleet Overview'), early)).toBe(403);
  });

  it('refuses ids outside the project and TS-managed ones, naming them; nothing is saved', async () => {
    const { user } = await nsbiCustomer(t);
    const { tree } = await access(user.id);
    const managed = tree.flatMap((n) => n.children).find((l) => l.managedBy === 'TS')!.id;
    const res = await http.post(
      `users/${user.id}/reports`,
      { report_ids: ['00000000-0000-4000-8000-00000000000a', managed] },
      { headers: admin.headers },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      report_ids: [
        REPORT_ACCESS_MESSAGES.notInProject(['00000000-0000-4000-8000-00000000000a']),
        REPORT_ACCESS_MESSAGES.managed([managed]),
      ],
    });
    expect((await access(user.id)).configured).toBe(false);
  });

  it('a user without a project has nothing to grant (422); customers may not look (403); unknown users 404', async () => {
    const { user, tokens } = await nsbiCustomer(t, { project: null });
    expect(await access(user.id)).toEqual({ tree: [], access: [], configured: false, items: [] });
    const res = await http.post(`users/${user.id}/reports`, { report_ids: [] }, { headers: admin.headers });
    expect(res.json().errors).toEqual({ report_ids: [REPORT_ACCESS_MESSAGES.noProject] });
    expect((await http.get(`users/${user.id}/reports`, { headers: tokens.headers })).statusCode).toBe(403);
    expect((await http.get('users/999999/reports', { headers: admin.headers })).statusCode).toBe(404);
    expect(
      (await http.post(`users/${user.id}/reports`, { report_ids: 'x' }, { headers: admin.headers }))
        .statusCode,
    ).toBe(422);
  });
});

describe('report access while the BI server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BI_URL: await closedPortUrl(), BI_SERVICE_PASSWORD: 'x' });
  });
  afterAll(() => t.close());

  it('reading and saving answer 502 with a clear message; nothing is saved', async () => {
    const http = api(t);
    const admin = await signedInAdmin(t);
    const { user } = await nsbiCustomer(t);
    const read = await http.get(`users/${user.id}/reports`, { headers: admin.tokens.headers });
    expect(read.statusCode).toBe(502);
    expect(read.json().message).toBe('The BI server is not available right now. Please try again later.');
    const save = await http.post(
      `users/${user.id}/reports`,
      { report_ids: ['00000000-0000-4000-8000-00000000000b'] },
      { headers: admin.tokens.headers },
    );
    expect(save.statusCode).toBe(502);
    expect(await createGrantRepository(t.database.db).find(user.id)).toBeNull();
  });
});
