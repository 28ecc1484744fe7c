import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { context, cutAfterMax, MAX_SPAN_MS, ROOT_CONTEXT, startTracer, trace, tracePg } from '../lib/tracing';
import { createTestApp, type TestApp } from '../test/app';
import { api } from '../test/http';
import { attributeOf, startOtlpReceiver, type ExportedSpan } from '../test/otlp-receiver';

const attr = (span: ExportedSpan, key: string) => attributeOf(span.attributes, key);
const startReceiver = startOtlpReceiver;

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;
  let remote: Server;
  const remoteSeen: Array<Record<string, string | string[] | undefined>> = [];
  beforeAll(async () => {
    receiver = await startReceiver();
    // LD and TS stand-ins that refuse every sign-in and keep the headers they were sent.
    remote = createServer((req, res) => {
      remoteSeen.push(req.headers);
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid credentials."}');
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    t = await createTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      LD_URL: `${remoteUrl}/ld`,
      TS_URL: `${remoteUrl}/ts`,
    });
  });
  afterAll(async () => {
    await receiver.close();
    remote.closeAllConnections();
    await new Promise<void>((resolve) => remote.close(() => resolve()));
  });

  it('exports a span per request with its own request id and trace, and LD/TS calls as its children carrying them', async () => {
    // A capability URL: its key must not reach the spans.
    const key = 'K'.repeat(43);
    expect((await api(t).get(`files/public/${key}`)).statusCode).toBe(404);
    // A client asking not to be traced (flag 00) is traced all the same, at the server's rate.
    const unsampled = await api(t).get('auth/me', {
      headers: { traceparent: '00-1bf7651916cd43dd8448eb211c80319c-c7ad6b7169203331-00' },
    });
    expect(unsampled.statusCode).toBe(401);
    // Unknown to the portal: the sign-in asks LD and TS (simulators over real HTTP), then refuses.
    const res = await api(t).post(
      'auth/login',
      { username: 'nobody@example.test', password: 'wrong-pass-1' },
      {
        headers: {
          'x-request-id': 'trace-test-1',
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        },
      },
    );
    expect(res.statusCode).toBe(401);
    await t.close(); // flushes the batch to the receiver

    expect(receiver.paths.every((p) => p === '/v1/traces')).toBe(true);
    const server = receiver.spans.find((s) => s.name === 'POST /api/v1.0/auth/login');
    expect(server).toBeDefined();
    // The client's traceparent is a link, not the parent: the trace is the server's own.
    expect(server!.traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
    expect(server!.parentSpanId).toBeFalsy();
    expect(server!.links).toEqual([
      expect.objectContaining({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' }),
    ]);
    // The request id is the server's (the one it answered with), not the client's x-request-id.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[\da-f-]{36}$/);
    expect(attr(server!, 'portal.request_id')).toBe(requestId);
    expect(attr(server!, 'http.response.status_code')).toBe(401);
    expect(receiver.spans.some((s) => s.name === 'GET /api/v1.0/auth/me')).toBe(true);
    const file = receiver.spans.find((s) => s.name === 'GET /api/v1.0/files/public/:key');
    expect(attr(file!, 'url.path')).toBe('/api/v1.0/files/public/:key');
    expect(JSON.stringify(receiver.spans)).not.toContain(key);

    const remote = receiver.spans.filter(
      (s) => s.parentSpanId === server!.spanId && s.name.startsWith('Live Dispatch'),
    );
    expect(remote.length).toBeGreaterThan(0);
    expect(attr(remote[0]!, 'portal.request_id')).toBe(requestId);
    // LD and TS got the server's request id and trace context as headers, never the client's.
    expect(remoteSeen.length).toBe(2);
    for (const headers of remoteSeen) {
      expect(headers['x-request-id']).toBe(requestId);
      expect(headers.traceparent).toMatch(new RegExp(`^00-${server!.traceId}-[0-9a-f]{16}-01$`));
    }

    if (t.database.kind === 'postgres') {
      const statements = receiver.spans.filter((s) => s.name === 'pg.query' && s.traceId === server!.traceId);
      expect(statements.length).toBeGreaterThan(0);
    }
  });
});

describe('tracing limits', () => {
  it('cuts a span still open after 600 s (an SSE stream), once', () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const span = { setAttribute: (key: string) => calls.push(key), end: () => calls.push('end') };
      cutAfterMax(span as never);
      vi.advanceTimersByTime(MAX_SPAN_MS - 1);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['portal.cut_at_max_duration', 'end']);
      const cancel = cutAfterMax(span as never);
      cancel();
      vi.advanceTimersByTime(MAX_SPAN_MS);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: no tracer for the clients, sample rate 1 by default', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.traceRemote).toBeUndefined();
      expect(t.config.tracing).toBeUndefined();
    } finally {
      await t.close();
    }
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toMatchObject({
      sampleRate: 1,
    });
    // An app of its own: under a busy machine starting one takes a while.
  }, 120_000);
});

describe('PostgreSQL statement spans', () => {
  it('say the SQLSTATE of a failed statement, never its error text (which may quote the values)', async () => {
    const receiver = await startOtlpReceiver();
    const { tracer, shutdown } = await startTracer({
      endpoint: receiver.url,
      sampleRate: 1,
      serviceName: 'test',
    });
    // A pg client whose statement fails the way a unique violation does: the values in `detail`, and
    // in the message of some errors.
    const failure = Object.assign(new Error('duplicate key value: secret@example.test'), {
      code: '23505',
      detail: 'Key (email)=(secret@example.test) already exists.',
    });
    const client = { query: (_text: string, _values: unknown[]) => Promise.reject(failure) };
    tracePg(client as never, tracer);
    try {
      const request = tracer.startSpan('request');
      await context.with(trace.setSpan(ROOT_CONTEXT, request), () =>
        client.query('insert into users (email) values ($1)', ['secret@example.test']).catch(() => undefined),
      );
      request.end();
      await shutdown();
      const statement = receiver.spans.find((s) => s.name === 'pg.query');
      expect(statement?.status).toMatchObject({ code: 2, message: 'SQLSTATE 23505' });
      expect(attr(statement!, 'db.response.status_code')).toBe('23505');
      expect(JSON.stringify(receiver.spans)).not.toContain('secret@example.test');
    } finally {
      await receiver.close();
    }
  });
});
