import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRemote = { url: string; requests: () => number; close(): Promise<void> };

/**
 * A real HTTP server that misbehaves as a test needs (slow, 5xx, not JSON, dropping connections):
 * the failure modes an external system has and its simulator does not.
 */
export async function startFakeRemote(
  answer: (request: IncomingMessage, response: ServerResponse, nth: number) => void,
): Promise<FakeRemote> {
  let count = 0;
  const server = createServer((request, response) => {
    count += 1;
    request.resume();
    answer(request, response, count);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Ways a remote fails, for table-driven tests. */
export const MISBEHAVIOURS = {
  '5xx': (_q: IncomingMessage, res: ServerResponse) =>
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end('{"message":"NullPointerException at com.vendor.Secret(Secret.java:42)"}'),
  'non-JSON': (_q: IncomingMessage, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway says hi</body></html>'),
  slow: (_q: IncomingMessage, res: ServerResponse) => {
    const timer = setTimeout(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      3000,
    );
    res.on('close', () => clearTimeout(timer));
  },
} as const;

/** A URL nothing listens on: a server started and closed again, its port free. */
export async function closedPortUrl(): Promise<string> {
  const fake = await startFakeRemote(() => undefined);
  await fake.close();
  return fake.url;
}
