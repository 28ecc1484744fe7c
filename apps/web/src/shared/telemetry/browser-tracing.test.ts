import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiRequest } from '../api/api-client';
import { mockApi } from '../../test/fetch-mock';
import { startBrowserTracing } from './browser-tracing';
import { setRequestTracer } from './request-tracer';

type Batch = {
  resourceSpans: Array<{
    scopeSpans: Array<{ spans: Array<{ name: string; traceId: string; spanId: string }> }>;
  }>;
};

describe('browser tracing', () => {
  afterEach(() => {
    setRequestTracer(null);
    vi.useRealTimers();
  });

  it('sends no traceparent while tracing is off', async () => {
    const http = mockApi({ 'GET system-settings': { body: { data: [] } } });
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    expect(http.calls('GET system-settings')[0]!.headers.get('traceparent')).toBeNull();
  });

  it('traces API calls with a traceparent the server continues, and sends the spans to the portal', async () => {
    vi.useFakeTimers();
    let renewed = 0;
    const http = mockApi({
      'GET system-settings': { body: { data: [] } },
      // The relay answers with a fresh token each time.
      'POST telemetry/traces': () =>
        new Response(null, { status: 202, headers: { 'x-trace-token': `renewed-${++renewed}` } }),
    });
    startBrowserTracing(1, 'from-the-page');
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    const traceparent = http.calls('GET system-settings')[0]!.headers.get('traceparent');
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await vi.advanceTimersByTimeAsync(5000);
    const sent = http
      .calls('POST telemetry/traces')
      .flatMap((c) => (c.body as Batch).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const call = sent.find((s) => s.name === 'GET system-settings');
    expect(call).toBeDefined();
    expect(`00-${call!.traceId}-${call!.spanId}-01`).toBe(traceparent);

    // The page's token goes with the first batch, the relay's fresh one with the next.
    const tokens = () => http.calls('POST telemetry/traces').map((c) => c.headers.get('x-trace-token'));
    expect(tokens()[0]).toBe('from-the-page');
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(tokens().at(-1)).toMatch(/^renewed-\d$/);
  });

  it('traces nothing when the page is not sampled', async () => {
    const http = mockApi({ 'GET system-settings': { body: { data: [] } } });
    startBrowserTracing(0, 'token');
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    expect(http.calls('GET system-settings')[0]!.headers.get('traceparent')).toBeNull();
  });
});
