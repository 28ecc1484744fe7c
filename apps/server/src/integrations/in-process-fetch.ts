import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers URLs under `base` through `app.inject` (a simulator mounted in this process)
 * and every other URL over the network. `tamper.idToken`, when set, replaces the ID token of the
 * next token answer once (tests of a provider that misbehaves).
 */
export function inProcessFetch(
  app: FastifyInstance,
  base: string,
  tamper: { idToken?: string } = {},
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.href.startsWith(`${base}/`) && url.href !== base) return fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      ...(body !== undefined && body !== null && { payload: typeof body === 'string' ? body : String(body) }),
    });
    let payload = answer.rawPayload;
    if (tamper.idToken && url.pathname.endsWith('/token') && answer.statusCode === 200) {
      const json = JSON.parse(answer.body) as Record<string, unknown>;
      payload = Buffer.from(JSON.stringify({ ...json, id_token: tamper.idToken }));
      delete tamper.idToken;
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, one);
    }
    return new Response(answer.statusCode === 204 ? null : payload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
