import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';

describe('health and the API envelope', () => {
  const t = useTestApp();

  it('answers liveness and readiness once the database answers', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok' });
  });

  it('says which release answers: the version in package.json and the commit it was built from', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
    );
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({
      status: 'ok',
      version,
      commit: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/),
    });
  });

  it('answers an unknown API path with a JSON 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }]) {
      const res = await t.app.inject({ url: '/api/v1.0/no-such-thing', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('serves the API docs UI outside production, and no HSTS over plain http', async () => {
    const docs = await t.app.inject({ url: '/api/v1.0/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI document and sets the security headers', async () => {
    const res = await t.app.inject({ url: '/api/v1.0/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    // API answers are data: nothing may load, frame or store them.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets the API headers and its own request id on refusals too, whatever id the client sent', async () => {
    const res = await t.app.inject({
      url: '/api/v1.0/auth/me',
      headers: { authorization: 'Bearer nonsense', 'x-request-id': 'trace-42' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
    const forged = await t.app.inject({ url: '/api/v1.0/auth/me', headers: { 'x-request-id': 'a b\u0000' } });
    expect(forged.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
  });

  it('answers a malformed path parameter with 400, the envelope and the API headers', async () => {
    const res = await t.app.inject({ url: '/api/v1.0/users/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request could not be understood.' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('gives documents the strict page policy: only our own scripts', async () => {
    for (const url of ['/healthz', '/api/v1.0/docs/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('refuses new requests with 503 while draining', async () => {
    t.app.draining = true;
    try {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      t.app.draining = false;
    }
  });
});

describe('HSTS and the API docs UI', () => {
  // Each test starts two apps: under a busy machine that takes a while.
  const SLOW = 90_000;

  it(
    'sends HSTS when the public origin is https, or the request came over HTTPS; never over plain http',
    async () => {
      const proxied = await createTestApp({ TRUST_PROXY: '1' });
      const secure = await createTestApp({ APP_URL: 'https://portal.example.com' });
      try {
        const hsts = async (t: TestApp, url: string, headers = {}) =>
          (await t.app.inject({ url, headers })).headers['strict-transport-security'];
        expect(await hsts(proxied, '/healthz')).toBeUndefined();
        expect(await hsts(proxied, '/healthz', { 'x-forwarded-proto': 'https' })).toMatch(
          /^max-age=31536000/,
        );
        for (const url of ['/healthz', '/api/v1.0/openapi.json', '/'])
          expect(await hsts(secure, url)).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await Promise.all([proxied.close(), secure.close()]);
      }
    },
    SLOW,
  );

  it(
    'serves the docs UI outside production; in production only with API_DOCS=on',
    async () => {
      const production = {
        APP_ENV: 'production',
        APP_KEY: 'c'.repeat(64),
        ADMIN_EMAIL: 'admin@example.test',
        ADMIN_PASSWORD: 'admin-pass',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      };
      const prod = await createTestApp(production);
      const prodOn = await createTestApp({ ...production, API_DOCS: 'on' });
      try {
        const docs = async (t: TestApp) => (await t.app.inject({ url: '/api/v1.0/docs/' })).statusCode;
        expect([await docs(prod), await docs(prodOn)]).toEqual([404, 200]);
        expect((await prod.app.inject({ url: '/api/v1.0/openapi.json' })).statusCode).toBe(200);
      } finally {
        await Promise.all([prod.close(), prodOn.close()]);
      }
    },
    SLOW,
  );
});
