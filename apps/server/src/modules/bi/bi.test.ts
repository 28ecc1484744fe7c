import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BI_MESSAGES, META_KEYS, MESSAGES, reportItemListSchema } from '@portal/contract';
import { biAccounts, userClicks, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens, setUserMeta } from '../../test/builders';
import { api } from '../../test/http';
import { createUserRepository } from '../directory';
import { FLEET_INSIGHTS_ID, nsbiCustomer } from '../../test/nsbi';

describe('NS BI for customers (dundas-bi/*)', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
  });

  const items = async (tokens: TestTokens) =>
    reportItemListSchema.parse(
      (await http.get('dundas-bi/project/project-items', { headers: tokens.headers })).json().data,
    );
  const setMaintenance = (on: boolean) =>
    http.post('system-settings/save-many', [{ key: 'maintenance_mode', value: on ? '1' : '0' }], {
      headers: admin.headers,
    });

  it('lists the BI server’s projects for the user form (admins only)', async () => {
    const res = await http.get('dundas-bi/project/all', { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ projectId: FLEET_INSIGHTS_ID, name: 'Fleet Insights' }]);
    const { tokens } = await nsbiCustomer(t);
    expect((await http.get('dundas-bi/project/all', { headers: tokens.headers })).statusCode).toBe(403);
  });

  it('answers a customer’s dashboards and reports with their folders, TS-managed ones marked', async () => {
    const { user, tokens } = await nsbiCustomer(t);
    const list = await items(tokens);
    expect(list).toHaveLength(8);
    const overview = list.find((i) => i.name === 'Fleet Overview')!;
    expect(overview).toMatchObject({
      type: 'dashboard',
      folderName: 'Operations',
      // docs/product.md §3: the user's email is a folder of the path.
      friendlyLocationElements: ['Fleet Insights', user.email, 'Operations'],
      initialViewOptions: 'viewonly',
      managedBy: null,
    });
    expect(new Date(overview.createdAt!).getTime()).toBeLessThan(Date.now());
    expect(list.find((i) => i.name === 'Harsh Braking Events')).toMatchObject({
      type: 'report',
      managedBy: 'TS',
    });
    expect(list.find((i) => i.name === 'Executive Summary')).toMatchObject({
      folderId: null,
      folderName: null,
    });
  });

  it('403 without the NSBI flag; [] without a project', async () => {
    const plain = await signIn(t, await createUser(t));
    const res = await http.get('dundas-bi/project/project-items', { headers: plain.headers });
    expect(res.statusCode).toBe(403);
    const { tokens } = await nsbiCustomer(t, { project: null });
    expect(await items(tokens)).toEqual([]);
  });

  it('a portal report folder an admin puts an item in replaces its BI folder', async () => {
    const { tokens } = await nsbiCustomer(t);
    const target = (await items(tokens)).find((i) => i.name === 'Trips by Day')!;
    const folder = (
      await http.post('bi/reports/folders', { name: 'Favourites' }, { headers: admin.headers })
    ).json().data;
    const set = await http.put(
      `bi/reports/${target.id}/set-folder`,
      { folder_id: folder.id },
      { headers: admin.headers },
    );
    expect(set.statusCode).toBe(200);
    expect((await items(tokens)).find((i) => i.id === target.id)).toMatchObject({
      folderId: folder.id,
      folderName: 'Favourites',
    });
    await http.put(`bi/reports/${target.id}/set-folder`, { folder_id: null }, { headers: admin.headers });
    expect((await items(tokens)).find((i) => i.id === target.id)).toMatchObject({ folderName: 'Operations' });
  });

  describe('log-on tokens', () => {
    it('opens one of your items once, through your own BI account (made and assigned on the way)', async () => {
      const { user, tokens } = await nsbiCustomer(t);
      const overview = (await items(tokens)).find((i) => i.name === 'Fleet Overview')!;
      const res = await http.get(`dundas-bi/log-on/token?item=${overview.id}`, { headers: tokens.headers });
      expect(res.statusCode).toBe(200);
      const { logOnToken, url } = res.json().data;
      expect(url).toBe(
        `${t.simulators!.biUrl}/Dashboard/${overview.id}?e=false&vo=viewonly&logonTokenId=${encodeURIComponent(logOnToken)}`,
      );
      const [row] = await t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id));
      expect(row).toMatchObject({
        accountName: `portal-user-${user.id}`,
        syncedProjectId: FLEET_INSIGHTS_ID,
      });

      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Fleet Overview</title>');
      expect((await fetch(url)).status).toBe(440);
    });

    it('another user’s item is 404 (whose it is stays unsaid); a not-view-only or TS-managed one is 403', async () => {
      const other = { id: 'f0000000-0000-5000-a000-000000000000' };
      const { tokens } = await nsbiCustomer(t);
      // BI ids are GUIDs: anything else never reaches the BI server.
      const notGuid = await http.get('dundas-bi/log-on/token?item=../API/Account', {
        headers: tokens.headers,
      });
      expect(notGuid.statusCode).toBe(422);
      expect(notGuid.json().errors.item).toEqual(['The id must be a BI id (a GUID).']);
      const unknown = await http.get(`dundas-bi/log-on/token?item=${other.id}`, { headers: tokens.headers });
      expect(unknown.statusCode).toBe(404);
      const list = await items(tokens);
      const noProject = await nsbiCustomer(t, { project: null });
      const foreign = await http.get(`dundas-bi/log-on/token?item=${list[0]!.id}`, {
        headers: noProject.tokens.headers,
      });
      expect(foreign.statusCode).toBe(404);

      const planner = list.find((i) => i.name === 'Route Planner')!;
      const notViewOnly = await http.get(`dundas-bi/log-on/token?item=${planner.id}`, {
        headers: tokens.headers,
      });
      expect(notViewOnly.statusCode).toBe(403);
      expect(notViewOnly.json().message).toBe('Please contact NSBI to view this report');
      const managed = list.find((i) => i.managedBy === 'TS')!;
      const tsManaged = await http.get(`dundas-bi/log-on/token?item=${managed.id}`, {
        headers: tokens.headers,
      });
      expect(tsManaged.json().message).toBe('Please contact Tattle Systems to view this report');
    });

    it('422 without item: there is no token for a whole project', async () => {
      const { tokens } = await nsbiCustomer(t);
      const res = await http.get('dundas-bi/log-on/token', { headers: tokens.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.item).toHaveLength(1);
    });

    it('a token opens only what the account may open, even with another item id in the URL', async () => {
      const { tokens } = await nsbiCustomer(t);
      const list = await items(tokens);
      const overview = list.find((i) => i.name === 'Fleet Overview')!;
      const fuel = list.find((i) => i.name === 'Fuel Consumption')!;
      const planner = list.find((i) => i.name === 'Route Planner')!;
      const tokenFor = async (id: string) =>
        (await http.get(`dundas-bi/log-on/token?item=${id}`, { headers: tokens.headers })).json().data
          .logOnToken as string;
      const open = async (kind: string, id: string, token: string) =>
        (await fetch(`${t.simulators!.biUrl}/${kind}/${id}?logonTokenId=${token}`)).status;
      // Another view-only item of the project opens; one that is not view-only does not.
      expect(await open('Dashboard', fuel.id, await tokenFor(overview.id))).toBe(200);
      expect(await open('Report', planner.id, await tokenFor(overview.id))).toBe(403);
      // Nor does anything of a project the account may not view.
      const other = await nsbiCustomer(t, { project: null });
      const own = await http.get(`dundas-bi/log-on/token?item=${overview.id}`, {
        headers: other.tokens.headers,
      });
      expect(own.statusCode).toBe(404);
    });
  });

  describe('BI accounts', () => {
    it('POST meta/user turning Uses NSBI on makes the BI account in the same call, once', async () => {
      const user = await createUser(t);
      await createUserRepository(t.database.db).setProject([user.id], FLEET_INSIGHTS_ID, new Date());
      const turnOn = () =>
        http.post(
          'meta/user',
          { user_id: user.id, meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }] },
          { headers: admin.headers },
        );
      const first = await turnOn();
      expect(first.statusCode).toBe(200);
      expect(first.json().bi_account).toBe('ready');
      const rows = () => t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id));
      expect(await rows()).toHaveLength(1);
      // Saving it again is no error and makes no second account.
      const again = await turnOn();
      expect(again.json().bi_account).toBe('ready');
      expect(await rows()).toHaveLength(1);
      // Other flags leave the BI server alone.
      const other = await http.post(
        'meta/user',
        { user_id: user.id, meta: [{ key: META_KEYS.twoFactor, value: '1' }] },
        { headers: admin.headers },
      );
      expect(other.json().bi_account).toBeUndefined();
      // The BI server unreachable: the flag is saved, the answer says the account failed.
      const down = await createTestApp({ BI_URL: 'http://127.0.0.1:9', BI_SERVICE_PASSWORD: 'x' });
      try {
        const downAdmin = (await signedInAdmin(down)).tokens;
        const customer = await createUser(down);
        const failed = await api(down).post(
          'meta/user',
          { user_id: customer.id, meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }] },
          { headers: downAdmin.headers },
        );
        expect(failed.statusCode).toBe(200);
        expect(failed.json()).toMatchObject({
          data: [{ key: META_KEYS.nsbiEnabled, value: '1' }],
          bi_account: 'failed',
        });
      } finally {
        await down.close();
      }
    });

    it('POST dundas-bi/account: 201, then 409; 422 without NSBI; a customer only for themselves', async () => {
      const { user, tokens } = await nsbiCustomer(t);
      const first = await http.post('dundas-bi/account', { user_id: user.id }, { headers: tokens.headers });
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toMatchObject({
        user_id: user.id,
        account_name: `portal-user-${user.id}`,
        project_id: FLEET_INSIGHTS_ID,
      });
      const again = await http.post('dundas-bi/account', { user_id: user.id }, { headers: admin.headers });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(BI_MESSAGES.accountExists);

      const someone = await createUser(t);
      expect(
        (await http.post('dundas-bi/account', { user_id: someone.id }, { headers: tokens.headers }))
          .statusCode,
      ).toBe(403);
      const off = await http.post('dundas-bi/account', { user_id: someone.id }, { headers: admin.headers });
      expect(off.statusCode).toBe(422);
      expect(off.json().errors).toEqual({ user_id: [BI_MESSAGES.nsbiOff] });
      expect(
        (await http.post('dundas-bi/account', { user_id: 'x' }, { headers: admin.headers })).statusCode,
      ).toBe(422);

      const read = await http.get(`dundas-bi/account/${user.id}`, { headers: tokens.headers });
      expect(read.json().data.account_id).toBe(first.json().data.account_id);
      const byName = await http.get(`dundas-bi/account?name=portal-user-${user.id}`, {
        headers: admin.headers,
      });
      expect(byName.json().data.user_id).toBe(user.id);
      expect((await http.get(`dundas-bi/account/${someone.id}`, { headers: admin.headers })).statusCode).toBe(
        404,
      );
    });

    it('assigns a project (checked with the BI server) and tells the BI account at once', async () => {
      const { user } = await nsbiCustomer(t, { project: null });
      await http.post('dundas-bi/account', { user_id: user.id }, { headers: admin.headers });
      const unknown = await http.post(
        'dundas-bi/account/project',
        { user_id: user.id, project_id: '00000000-0000-4000-8000-00000000000e' },
        { headers: admin.headers },
      );
      expect(unknown.statusCode).toBe(422);
      const ok = await http.post(
        'dundas-bi/account/project',
        { user_id: user.id, project_id: FLEET_INSIGHTS_ID },
        { headers: admin.headers },
      );
      expect(ok.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.dundasProjectId).toBe(FLEET_INSIGHTS_ID);
      const account = t.simulators!.bi.state.accountByName(`portal-user-${user.id}`)!;
      // The project at once; its items follow with the user's first token request.
      expect(account.customAttributes).toEqual([
        { name: 'Projects', values: [FLEET_INSIGHTS_ID] },
        { name: 'Items', values: [] },
      ]);
    });

    it('deleting the user with "Also delete from NSBI" deletes the BI account', async () => {
      const { user } = await nsbiCustomer(t);
      await http.post('dundas-bi/account', { user_id: user.id }, { headers: admin.headers });
      const res = await http.delete(`users/${user.id}?block=0&deleteRemoteAccount=1&deleteRemoteFolders=1`, {
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(t.simulators!.bi.state.accountByName(`portal-user-${user.id}`)).toBeUndefined();
    });

    it('a BI account deleted on the BI server is made again at the next view', async () => {
      const { user, tokens } = await nsbiCustomer(t);
      const overview = (await items(tokens)).find((i) => i.name === 'Fleet Overview')!;
      const view = () => http.get(`dundas-bi/log-on/token?item=${overview.id}`, { headers: tokens.headers });
      expect((await view()).statusCode).toBe(200);
      const [before] = await t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id));
      // Deleted there, through the BI server's own API; the portal's row still names it.
      expect(await t.app.biClient.deleteAccount(before!.accountId)).toBe(true);

      const res = await view();
      expect(res.statusCode).toBe(200);
      expect(res.json().data.logOnToken).toEqual(expect.any(String));
      const [after] = await t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id));
      expect(after!.accountId).not.toBe(before!.accountId);
      const remade = t.simulators!.bi.state.accountByName(`portal-user-${user.id}`)!;
      expect(remade.id).toBe(after!.accountId);
      // Made again with its project, and its items in line with the grants before the token.
      expect(remade.customAttributes).toContainEqual({ name: 'Projects', values: [FLEET_INSIGHTS_ID] });
      expect(remade.customAttributes.find((a) => a.name === 'Items')?.values).toContain(overview.id);
    });
  });

  describe('maintenance mode', () => {
    it('answers every dundas-bi call of a non-admin with 503 and the maintenance message; admins go on', async () => {
      const { user, tokens } = await nsbiCustomer(t);
      await setMaintenance(true);
      try {
        for (const path of [
          'dundas-bi/project/project-items',
          'dundas-bi/log-on/token?item=00000000-0000-4000-8000-0000000000d1',
          `dundas-bi/account/${user.id}`,
        ]) {
          const res = await http.get(path, { headers: tokens.headers });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ message: MESSAGES.maintenance });
          expect(res.headers['retry-after']).toBeDefined();
        }
        expect((await http.get('dundas-bi/project/all', { headers: admin.headers })).statusCode).toBe(200);
      } finally {
        await setMaintenance(false);
      }
      expect(
        (await http.get('dundas-bi/project/project-items', { headers: tokens.headers })).statusCode,
      ).toBe(200);
    });
  });

  it('a BI session that ended mid-way is renewed: Refresh still answers', async () => {
    const { tokens } = await nsbiCustomer(t);
    await items(tokens);
    t.simulators!.bi.state.expireSessions();
    const res = await http.get('dundas-bi/project/project-items?refresh=1', { headers: tokens.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(8);
  });

  it('user-logs count NS BI clicks and report clicks', async () => {
    const { user, tokens } = await nsbiCustomer(t);
    expect(
      (await http.post('user-logs/increase-nsbi-clicks', undefined, { headers: tokens.headers })).statusCode,
    ).toBe(204);
    const overview = (await items(tokens)).find((i) => i.name === 'Fleet Overview')!.id;
    const click = (id: string) =>
      http.post(`user-logs/increase-report-clicks?report_id=${id}`, undefined, { headers: tokens.headers });
    expect((await click(overview)).statusCode).toBe(204);
    // Only items the caller sees: a made-up id is 404 and counts nothing; one that is no GUID, 422.
    expect((await click('00000000-0000-4000-8000-0000000000ff')).statusCode).toBe(404);
    expect((await click('r-made-up')).statusCode).toBe(422);
    expect(
      (await http.post('user-logs/increase-report-clicks', undefined, { headers: tokens.headers }))
        .statusCode,
    ).toBe(422);
    const rows = await t.database.db.select().from(userClicks).where(eq(userClicks.userId, user.id));
    expect(rows.map((r) => [r.kind, r.reportId])).toEqual([
      ['nsbi', null],
      ['report', overview],
    ]);
    expect((await http.post('user-logs/increase-nsbi-clicks')).statusCode).toBe(401);
  });

  it('the NSBI flag itself is what project-items checks (not a role)', async () => {
    const { user, tokens } = await nsbiCustomer(t);
    await setUserMeta(t, user.id, [{ key: META_KEYS.nsbiEnabled, value: '0' }]);
    t.app.sessionCache.forget({ userId: user.id });
    expect((await http.get('dundas-bi/project/project-items', { headers: tokens.headers })).statusCode).toBe(
      403,
    );
  });
});
