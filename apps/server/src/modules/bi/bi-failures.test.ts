import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signedInAdmin } from '../../test/builders';
import { closedPortUrl, MISBEHAVIOURS, startFakeRemote, type FakeRemote } from '../../test/fake-remote';
import { api } from '../../test/http';
import { nsbiCustomer } from '../../test/nsbi';
import { createBiAccountRepository } from './repository';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;
const BI_DOWN = 'The BI server is not available right now. Please try again later.';

/** The BI server failing behind the portal: 502 with a short message, never a 500, the session untouched. */
describe('when the BI server fails', () => {
  let t: TestApp;
  let down: TestApp;
  let fake: FakeRemote;
  let misbehave: Answer = MISBEHAVIOURS['5xx'];
  beforeAll(async () => {
    fake = await startFakeRemote((request, response) => misbehave(request, response));
    t = await createTestApp({ BI_URL: fake.url, BI_SERVICE_PASSWORD: 'x', EXTERNAL_TIMEOUT_MS: '300' });
    down = await createTestApp({ BI_URL: await closedPortUrl(), BI_SERVICE_PASSWORD: 'x' });
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await fake.close();
  });

  const modes: Array<[string, () => TestApp]> = [
    ['down', () => down],
    ...Object.entries(MISBEHAVIOURS).map(([name, answer]): [string, () => TestApp] => [
      name,
      () => {
        misbehave = answer;
        return t;
      },
    ]),
  ];

  for (const [mode, setUp] of modes) {
    it(`${mode}: project-items, log-on token and project list answer 502; the portal session is untouched`, async () => {
      const app = setUp();
      const http = api(app);
      const { tokens } = await nsbiCustomer(app);
      for (const path of [
        'dundas-bi/project/project-items',
        'dundas-bi/log-on/token?item=00000000-0000-4000-8000-0000000000d1',
      ]) {
        const res = await http.get(path, { headers: tokens.headers });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ message: BI_DOWN });
      }
      const admin = await signedInAdmin(app);
      expect((await http.get('dundas-bi/project/all', { headers: admin.tokens.headers })).statusCode).toBe(
        502,
      );
      expect((await http.get('auth/me', { headers: tokens.headers })).statusCode).toBe(200);
    });
  }

  it('deleting a user with "Also delete from NSBI" while the BI server is down: 502 and the user stays, unless forced', async () => {
    const http = api(down);
    const admin = await signedInAdmin(down);
    const { user } = await nsbiCustomer(down);
    await createBiAccountRepository(down.database.db).insert({
      userId: user.id,
      accountId: 'acc-1',
      accountName: `portal-user-${user.id}`,
    });
    const refused = await http.delete(`users/${user.id}?deleteRemoteAccount=1`, {
      headers: admin.tokens.headers,
    });
    expect(refused.statusCode).toBe(502);
    expect((await http.get(`users/${user.id}`, { headers: admin.tokens.headers })).statusCode).toBe(200);
    const forced = await http.delete(`users/${user.id}?deleteRemoteAccount=1&force=1`, {
      headers: admin.tokens.headers,
    });
    expect(forced.statusCode).toBe(200);
    expect((await http.get(`users/${user.id}`, { headers: admin.tokens.headers })).statusCode).toBe(404);
  });
});
