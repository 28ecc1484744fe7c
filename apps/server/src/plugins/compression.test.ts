import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { createUser, signIn } from '../test/builders';

// What a browser sends (Chromium, on http and https alike).
const BROWSER = 'gzip, deflate, br, zstd';

describe('compression of API answers', () => {
  const t = useTestApp();

  const openapi = (acceptEncoding?: string) =>
    t.app.inject({
      url: '/api/v1.0/openapi.json',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a big JSON answer in brotli to a browser, which reads the same document', async () => {
    const plain = await openapi();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const res = await openapi(BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    // The API's headers are kept.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('falls back to gzip for a client without brotli', async () => {
    const res = await openapi('gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('sends tiny answers as they are: auth/me and the health check', async () => {
    const user = await createUser(t);
    const { headers } = await signIn(t, user);
    const me = await t.app.inject({
      url: '/api/v1.0/auth/me',
      headers: { ...headers, 'accept-encoding': BROWSER },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().data.email).toBe(user.email);

    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': BROWSER } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
