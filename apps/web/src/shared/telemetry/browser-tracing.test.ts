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
    const http = mockApi({
      'GET system-settings': { body: { data: [] } },
      'POST telemetry/traces': { status: 202 },
    });
    startBrowserTracing(1);
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
  });

  it('traces nothing when the page is not sampled', async () => {
    const http = mockApi({ 'GET system-settings': { body: { data: [] } } });
    startBrowserTracing(0);
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    expect(http.calls('GET system-settings')[0]!.headers.get('traceparent')).toBeNull();
  });
});
