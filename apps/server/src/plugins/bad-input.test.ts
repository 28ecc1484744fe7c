import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../test/builders';

/**
 * Every malformed input gets a 4xx with a message, never a 5xx. The routes come from the
 * app's own OpenAPI document (every documented operation), so a new route is fuzzed without
 * anyone adding it here. Each property throws generated junk at one route's params, query and body.
 */

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie' };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<string, { example?: unknown; schema?: { properties?: Record<string, unknown> } }>;
  };
};
type Route = { method: string; path: string; operation: Operation };

/** Text PostgreSQL refuses, and text that is merely odd. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '😀',
  '',
  ' ',
  '%00',
  '2147483648',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[object Object]',
  "'; DROP TABLE users; --",
  'a'.repeat(5_000),
);
const junkText = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 20 }));
const junkNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const junkLeaf = fc.oneof(junkText, junkNumber, fc.boolean(), fc.constant(null));
const junkValue = fc.oneof(
  { weight: 4, arbitrary: junkLeaf },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(junkText, junkLeaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.record({ key: junkText, value: junkLeaf }), { maxLength: 2 }) },
);

/** Every path to a leaf of a JSON value: `['meta', 0, 'value']`. */
function leavesOf(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) =>
      leavesOf(child, [...at, Array.isArray(value) ? Number(key) : key]),
    );
  return [at];
}

/**
 * The operation's documented example with one leaf spoiled: junk in its place, or nasty text
 * spliced into its text. Everything else being valid, the junk reaches the code behind validation.
 */
const spoiledExample = (example: unknown) => {
  const leaves = leavesOf(example).filter((leaf) => leaf.length > 0);
  if (leaves.length === 0) return fc.constant(example);
  return fc
    .record({ leaf: fc.constantFrom(...leaves), junk: junkValue, splice: nasty, mode: fc.boolean() })
    .map(({ leaf, junk, splice, mode }) => {
      const copy = structuredClone(example) as Record<string | number, unknown>;
      let parent = copy;
      for (const key of leaf.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = leaf.at(-1)!;
      const old = parent[last];
      parent[last] = mode && typeof old === 'string' ? `${old}${splice}` : junk;
      return copy;
    });
};

/** A body with the operation's own field names (so validation gets past "unknown field") or any JSON. */
const junkBody = (fields: string[], example: unknown) =>
  fc.oneof(
    ...(example === undefined ? [] : [spoiledExample(example), spoiledExample(example)]),
    fields.length > 0
      ? fc.record(Object.fromEntries(fields.map((f) => [f, junkValue])), { requiredKeys: [] })
      : fc.constant({}),
    fc.dictionary(junkText, junkValue, { maxKeys: 4 }),
    fc.jsonValue({ maxDepth: 2 }),
  );

/** UTF-8 bytes of one code point; a lone surrogate as its 3-byte form (WTF-8), as a raw client may send. */
const bytesOf = (cp: number): number[] =>
  cp < 0x80
    ? [cp]
    : cp < 0x800
      ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
      : cp < 0x10000
        ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
        : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];

/** Percent-encodes every byte but the unreserved ones, lone surrogates included. */
const encode = (value: string) =>
  [...value]
    .flatMap((char) => bytesOf(char.codePointAt(0)!))
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

describe('bad input never gets a 5xx', () => {
  const t = useTestApp();
  let admin: { id: number; tokens: TestTokens };
  let routes: Route[];
  beforeAll(async () => {
    admin = await signedInAdmin(t);
    await createUser(t, { email: 'fuzz-target@example.com' });
    routes = routesOf((await t.app.inject({ url: '/api/v1.0/openapi.json' })).json());
  });

  it('reads every API route from the app, not from a list kept by hand', () => {
    expect(routes.length).toBeGreaterThanOrEqual(37);
    expect(routes.every((r) => r.path.startsWith('/api/v1.0/'))).toBe(true);
  });

  it('answers generated junk in params, query and body of every route with a 4xx and a message', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const params = (route.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const query = (route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = route.operation.requestBody?.content?.['application/json'];
      const fields = Object.keys(json?.schema?.properties ?? {});
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      await fc
        .assert(
          fc.asyncProperty(
            fc.record({
              params: fc.record(
                Object.fromEntries(params.map((p) => [p, fc.oneof(junkText, junkNumber.map(String))])),
              ),
              query: fc.record(Object.fromEntries(query.map((q) => [q, junkText])), { requiredKeys: [] }),
              extra: fc.dictionary(fc.constantFrom('id', 'page', 'search', 'x'), junkText, { maxKeys: 1 }),
              body: junkBody(fields, json?.example),
            }),
            async ({ params: values, query: q, extra, body }) => {
              const path = route.path.replace(
                /\{(\w+)\}/g,
                (_, name: string) => encode(String(values[name])) || 'x',
              );
              const search = Object.entries({ ...extra, ...q })
                .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
                .join('&');
              const res = await t.app.inject({
                method: route.method as 'GET',
                url: search ? `${path}?${search}` : path,
                headers: admin.tokens.headers,
                ...(hasBody && { payload: body as object }),
              });
              // Some junk signs the admin out (logout, a new password): sign in again for the next run.
              if (res.statusCode === 401) admin.tokens = await signIn(t, admin);
              if (res.statusCode >= 500) {
                failures.push(`${route.method} ${path} → ${res.statusCode} ${res.body}`);
                return false;
              }
              if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
              return true;
            },
          ),
          { numRuns: 60, seed: 14 },
        )
        .catch((err: unknown) => failures.push(String(err).split('\n')[0]!));
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('malformed multipart bodies get a 400', () => {
  const t = useTestApp();
  let admin: { id: number; tokens: TestTokens };
  beforeAll(async () => {
    admin = await signedInAdmin(t);
  });

  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n1\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/files/logo',
      headers: { ...admin.tokens.headers, 'content-type': contentType },
      payload,
    });

  it.each([
    ['no boundary', 'multipart/form-data', `${part('b')}\r\n--b--\r\n`],
    ['a wrong boundary', 'multipart/form-data; boundary=other', `${part('b')}\r\n--b--\r\n`],
    ['no closing boundary', 'multipart/form-data; boundary=b', part('b')],
    ['a body cut in the middle', 'multipart/form-data; boundary=b', part('b').slice(0, 60)],
    ['an empty body', 'multipart/form-data; boundary=b', ''],
  ])('%s', async (_, contentType, payload) => {
    const res = await upload(contentType, payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers generated cuts and corruptions of a good upload with a 4xx', async () => {
    const good = `${part('b')}\r\n--b--\r\n`;
    await fc.assert(
      fc.asyncProperty(fc.nat(good.length), fc.nat(good.length), nasty, async (cut, at, junk) => {
        const res = await upload(
          'multipart/form-data; boundary=b',
          good.slice(0, cut) + junk + good.slice(at),
        );
        return res.statusCode < 500;
      }),
      { numRuns: 60, seed: 14 },
    );
  });
});
