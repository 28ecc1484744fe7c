import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BI_SERVICE_ACCOUNT } from '../../simulators/fixtures';
import { serveSimulator } from '../../simulators/serve';
import { createBiSimulator, type BiSimulator } from '../../simulators/bi/simulator';
import { closedPortUrl, MISBEHAVIOURS, startFakeRemote } from '../../test/fake-remote';
import { RemoteFailure, type RemoteLog } from '../remote';
import { createBiClient } from './client';

const silent: RemoteLog = { debug: () => undefined, warn: () => undefined };

describe('BI client against the BI simulator, over HTTP', () => {
  let sim: BiSimulator;
  let url: string;
  let close: () => Promise<unknown>;
  let clock = Date.now();
  const paths: string[] = [];
  const log: RemoteLog = { debug: (d) => paths.push((d as { path: string }).path), warn: () => undefined };
  beforeAll(async () => {
    sim = createBiSimulator({ now: () => new Date(clock) });
    ({ url, close } = await serveSimulator(sim.plugin));
  });
  afterAll(() => close());

  const client = (overrides: Partial<Parameters<typeof createBiClient>[0]> = {}) =>
    createBiClient({
      baseUrl: url,
      timeoutMs: 2000,
      log,
      serviceAccount: DEMO_BI_SERVICE_ACCOUNT,
      ...overrides,
    });

  it('lists projects; walks Fleet Insights into its dashboards and reports with their folders', async () => {
    const bi = client();
    const projects = await bi.projects();
    const fleet = projects.find((p) => p.name === 'Fleet Insights')!;
    expect(fleet.rootFolderIds).toHaveLength(2);

    const { items, folderQueries } = await bi.walk(fleet);
    expect(folderQueries).toBe(5); // two roots, three folders
    expect(items.map((i) => `${i.folderPath.join('/') || '·'} › ${i.name} (${i.objectType})`)).toEqual([
      '· › Executive Summary (Dashboard)',
      'Fuel › Fuel Consumption (Dashboard)',
      'Fuel › Fuel Cost per Vehicle (Report)',
      'Operations › Fleet Overview (Dashboard)',
      'Operations › Route Planner (Report)',
      'Operations › Trips by Day (Report)',
      'Safety › Harsh Braking Events (Report)',
      'Safety › Safety Alerts (Dashboard)',
    ]);
    const braking = items.find((i) => i.name === 'Harsh Braking Events')!;
    expect(braking.tags).toEqual(['ManagedBy:TS']);
    expect(braking.topFolder).toMatchObject({ name: 'Safety' });
    expect(items.find((i) => i.name === 'Route Planner')!.initialViewOptions).toBe('none');
    expect(await bi.project(fleet.projectId)).toEqual(fleet);
    expect(await bi.project('no-such-project')).toBeNull();
  });

  it('reads a folder page by page', async () => {
    const bi = client();
    const fleet = (await bi.projects()).find((p) => p.name === 'Fleet Insights')!;
    const all = await bi.queryChildren(fleet.rootFolderIds[0]!);
    expect(all.length).toBe(4); // Executive Summary + three folders
    expect(await bi.queryChildren(fleet.rootFolderIds[0]!, 3)).toEqual(all);
  });

  it('creates, finds, assigns and deletes an account; a log-on token opens one view of an assigned project', async () => {
    const bi = client();
    const fleet = (await bi.projects()).find((p) => p.name === 'Fleet Insights')!;
    const dashboard = (await bi.walk(fleet)).items.find((i) => i.name === 'Fleet Overview')!;
    const created = await bi.createAccount({
      name: 'portal-user-client-test',
      password: 'Some#Password1',
      displayName: 'Client Test',
      emailAddress: 'client@test.example',
    });
    expect(await bi.accountByName('PORTAL-USER-CLIENT-TEST')).toMatchObject({ id: created.id });
    expect(await bi.account(created.id)).toMatchObject({ name: 'portal-user-client-test' });

    const open = async (token: string | null) =>
      fetch(`${url}/Dashboard/${dashboard.id}?e=false&vo=viewonly&logonTokenId=${token}`);
    const before = await open(await bi.logOnToken(created.name));
    expect(before.status).toBe(403); // not assigned to the project yet

    // The project without the item: the BI server still refuses it (per-account item permissions).
    expect(await bi.setAccountProjects(created.id, [fleet.projectId])).toBe(true);
    expect((await open(await bi.logOnToken(created.name))).status).toBe(403);
    expect(await bi.setAccountProjects(created.id, [fleet.projectId], [dashboard.id])).toBe(true);
    const token = await bi.logOnToken(created.name);
    const page = await open(token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Fleet Overview</title>');
    expect(html.match(/<svg/g)?.length).toBe(3);
    expect(html).not.toMatch(/<script/);
    expect((await open(token)).status).toBe(440); // one view per token

    const late = await bi.logOnToken(created.name);
    clock += 61_000;
    expect((await open(late)).status).toBe(440);

    expect(await bi.deleteAccount(created.id)).toBe(true);
    expect(await bi.account(created.id)).toBeNull();
    // A log-on token for an account the server no longer has: null, so the service makes it again.
    expect(await bi.logOnToken(created.name)).toBeNull();
    expect(await bi.deleteAccount(created.id)).toBe(false);
  });

  it('logs on once and reuses the session; after a 440 it logs on again, once, and the call succeeds', async () => {
    const bi = client();
    paths.length = 0;
    await bi.projects();
    await bi.projects();
    expect(paths.filter((p) => p === '/API/LogOn/')).toHaveLength(1);

    sim.state.expireSessions();
    expect((await bi.projects()).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p === '/API/LogOn/')).toHaveLength(2);
  });

  it('a refused service account is a 502 naming the BI server, never the password', async () => {
    const error = await client({ serviceAccount: { name: 'portal-service', password: 'wrong' } })
      .projects()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteFailure);
    expect(error).toMatchObject({
      status: 502,
      message: "The BI server refused the portal's service account.",
    });
  });
});

describe('BI client when the BI server fails', () => {
  const make = (baseUrl: string) =>
    createBiClient({ baseUrl, timeoutMs: 300, log: silent, serviceAccount: DEMO_BI_SERVICE_ACCOUNT });
  const expectFailure = async (call: Promise<unknown>) => {
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteFailure);
    expect(error).toMatchObject({
      status: 502,
      message: 'The BI server is not available right now. Please try again later.',
    });
  };

  it('down: 502', async () => {
    await expectFailure(make(await closedPortUrl()).projects());
  });

  for (const [name, misbehave] of Object.entries(MISBEHAVIOURS)) {
    it(`${name}: 502, and the remote body goes nowhere`, async () => {
      const fake = await startFakeRemote(misbehave);
      try {
        await expectFailure(make(fake.url).projects());
      } finally {
        await fake.close();
      }
    });
  }

  it('440 again right after a new log-on: 502, not a loop', async () => {
    const fake = await startFakeRemote((request, response) => {
      if (request.url === '/API/LogOn/')
        return response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"logOnFailureReason":"None","sessionId":"s-1"}');
      response.writeHead(440, { 'content-type': 'application/json' }).end('{"message":"No valid session."}');
    });
    try {
      await expectFailure(make(fake.url).projects());
      expect(fake.requests()).toBe(4); // log-on, call, log-on, call
    } finally {
      await fake.close();
    }
  });
});
