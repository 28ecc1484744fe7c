import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TRACES, RATE_LIMITS } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { attributeOf, startOtlpReceiver } from '../../test/otlp-receiver';
import { RELAY_TOKEN_TTL_MS } from './relay-token';

type Span = Record<string, unknown>;
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
const int = (key: string, value: number) => ({ key, value: { intValue: value } });
const hex = (n: number, digit = 'a') => digit.repeat(n);
const span = (overrides: Span = {}): Span => ({
  traceId: hex(32),
  spanId: hex(16, 'b'),
  name: 'GET users/42',
  kind: BROWSER_TRACES.kinds.apiCall,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000100000000',
  attributes: [text('http.request.method', 'GET'), int('http.response.status_code', 200)],
  status: { code: 0 },
  ...overrides,
});
const batch = (spans: Span[], resource = [text('service.name', 'customer-portal-web')]) => ({
  resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ spans }] }],
});

/**
 * POST telemetry/traces (decision 0024): only pages the portal served may feed the relay, and only
 * with what the browser tracer makes.
 */
describe('the browser-trace relay', () => {
  let clock = new Date('2026-05-04T09:00:00Z');
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>Portal</title></head>');
    t = await createTestApp(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, WEB_DIST: webDist, METRICS_TOKEN: 'm'.repeat(32) },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** The token in the page served to `ip`, as the browser finds it. */
  const pageToken = async (ip: string) => {
    const page = await t.app.inject({ url: '/login', remoteAddress: ip });
    return /<meta name="trace-token" content="([^"]+)">/.exec(page.body)?.[1];
  };
  const relay = (body: unknown, ip: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/telemetry/traces',
      payload: body as object,
      remoteAddress: ip,
      headers: token ? { [BROWSER_TRACES.tokenHeader]: token } : {},
    });

  it('refuses batches without a token the page got, from another address, or expired: 401, nothing relayed', async () => {
    const token = await pageToken('203.0.113.1');
    expect(token).toMatch(/^\d+\.[\w-]{43}$/);
    const before = receiver.spans.length;
    expect((await relay(batch([span()]), '203.0.113.1')).statusCode).toBe(401);
    expect((await relay(batch([span()]), '203.0.113.1', `${token!.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await relay(batch([span()]), '203.0.113.2', token)).statusCode).toBe(401);
    clock = new Date(clock.getTime() + RELAY_TOKEN_TTL_MS);
    expect((await relay(batch([span()]), '203.0.113.1', token)).statusCode).toBe(401);
    expect(receiver.spans.length).toBe(before);
  });

  it('relays only the browser’s own kinds of spans and attributes, under the web app’s resource, and renews the token', async () => {
    const ip = '203.0.113.3';
    const token = await pageToken(ip);
    const forged = batch(
      [
        span({
          spanId: hex(16, 'c'),
          attributes: [
            text('http.request.method', 'GET'),
            int('http.response.status_code', 200),
            text('enduser.id', 'admin'),
            text('http.response.status_code', 'not a number'),
          ],
        }),
        span({
          spanId: hex(16, 'd'),
          name: 'page load /admin/users',
          kind: BROWSER_TRACES.kinds.pageLoad,
          attributes: [text('url.path', '/admin/users'), int('browser.transfer_size', 1200)],
          status: { code: 2, message: 'injected' },
          parentSpanId: hex(16, 'e'),
          events: [{ name: 'x' }],
        }),
        // Not what a browser makes: a server span, another name, a made-up kind.
        span({ spanId: hex(16, '1'), kind: 2, name: 'POST /api/v1.0/users' }),
        span({ spanId: hex(16, '2'), name: 'DROP TABLE users; --' }),
        span({ spanId: hex(16, '3'), kind: 9 }),
      ],
      [text('service.name', 'customer-portal'), text('enduser.id', 'admin')],
    );
    const res = await relay(forged, ip, token);
    expect(res.statusCode).toBe(202);
    expect(res.headers[BROWSER_TRACES.tokenHeader]).toMatch(/^\d+\.[\w-]{43}$/);

    const relayed = receiver.spans.filter((s) => s.traceId === hex(32));
    expect(relayed.map((s) => s.spanId).sort()).toEqual([hex(16, 'c'), hex(16, 'd')]);
    const call = relayed.find((s) => s.spanId === hex(16, 'c'))!;
    expect(call.attributes.map((a) => a.key)).toEqual(['http.request.method', 'http.response.status_code']);
    const load = relayed.find((s) => s.spanId === hex(16, 'd'))!;
    expect(load.parentSpanId).toBeUndefined();
    expect(load.status).toEqual({ code: 2 });
    expect(attributeOf(receiver.resources.at(-1)!, 'service.name')).toBe(BROWSER_TRACES.serviceName);
    expect(receiver.resources.at(-1)).toHaveLength(1);

    // The renewed token works from the same address.
    const next = await relay(
      batch([span({ spanId: hex(16, 'f') })]),
      ip,
      res.headers[BROWSER_TRACES.tokenHeader] as string,
    );
    expect(next.statusCode).toBe(202);
  });

  it('caps spans and bytes per batch (413) and refuses what is not a batch (422)', async () => {
    const ip = '203.0.113.4';
    const token = await pageToken(ip);
    const many = Array.from({ length: BROWSER_TRACES.maxSpans + 1 }, () => span());
    expect((await relay(batch(many), ip, token)).statusCode).toBe(413);
    const padded = batch([span({ name: `GET ${'a'.repeat(200)}` })]);
    const big = { ...padded, padding: 'x'.repeat(BROWSER_TRACES.maxBytes) };
    expect((await relay(big, ip, token)).statusCode).toBe(413);
    for (const junk of [{ nope: 1 }, { resourceSpans: 'x' }, batch([{ traceId: 'zz' }])]) {
      const res = await relay(junk, ip, token);
      expect(res.statusCode).toBe(422);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('limits batches per address: 429 with Retry-After', async () => {
    const ip = '203.0.113.5';
    const token = await pageToken(ip);
    for (let i = 0; i < RATE_LIMITS.traceRelay.limit; i += 1)
      expect((await relay(batch([span()]), ip, token)).statusCode).toBe(202);
    const refused = await relay(batch([span()]), ip, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('goes through the collector client: a collector that is down loses the batch, counted in the metrics', async () => {
    const ip = '203.0.113.6';
    const token = await pageToken(ip);
    await receiver.close();
    expect((await relay(batch([span()]), ip, token)).statusCode).toBe(202);
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${'m'.repeat(32)}` },
    });
    expect(metrics.body).toMatch(
      /portal_remote_call_failures_total\{system="Trace collector",reason="unreachable"\} 1/,
    );
  });
});

describe('the browser-trace relay when the server does not trace', () => {
  it('is not there (404)', async () => {
    const t = await createTestApp();
    try {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1.0/telemetry/traces', payload: {} })).statusCode,
      ).toBe(404);
      expect(t.app.browserTraces).toBeUndefined();
    } finally {
      await t.close();
    }
    // An app of its own: under a busy machine starting one takes a while.
  }, 120_000);
});
