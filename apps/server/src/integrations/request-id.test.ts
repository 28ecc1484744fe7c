import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// LD and TS stand-ins that refuse every sign-in and keep the headers they were sent.
describe('the request id travels to LD, TS and the BI server (x-request-id), tracing or not', () => {
  let remote: Server;
  let t: TestApp;
  let portal: string;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    remote = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid credentials."}');
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    t = await createTestApp({ LD_URL: `${remoteUrl}/ld`, TS_URL: `${remoteUrl}/ts` });
    // Over a real socket: a request body is read in the socket's callbacks, where the id must survive.
    portal = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    remote.closeAllConnections();
    await new Promise<void>((resolve) => remote.close(() => resolve()));
  });

  it('a sign-in the portal does not know asks LD and TS with the server’s id of the request, never the client’s', async () => {
    const res = await fetch(`${portal}/api/v1.0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'sign-in-42' },
      body: JSON.stringify({ username: 'nobody@example.test', password: 'wrong-pass-1' }),
    });
    expect(res.status).toBe(401);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[\da-f-]{36}$/);
    expect(seen.map((headers) => headers['x-request-id'])).toEqual([requestId, requestId]);
  });
});
