import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiRequest } from '../api/api-client';
import { mockApi } from '../../test/fetch-mock';
import { setRequestTracer } from './request-tracer';
import { startTracingAfterPaint } from './start-after-paint';

const idle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('startTracingAfterPaint', () => {
  afterEach(() => {
    setRequestTracer(null);
    for (const name of ['trace-sample-rate', 'trace-token'])
      document.head.querySelector(`meta[name="${name}"]`)?.remove();
  });

  it('starts nothing and asks nothing when the page does not say a sample rate', async () => {
    const http = mockApi({ 'GET system-settings': { body: { data: [] } } });
    startTracingAfterPaint();
    await idle();
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    expect(http.calls('GET system-settings')[0]!.headers.get('traceparent')).toBeNull();
    // No probe either: a 404 on every page load would be a console error.
    expect(http.fetch).toHaveBeenCalledTimes(1);
  });

  it('starts browser tracing at the sample rate the page says', async () => {
    const http = mockApi({
      'GET system-settings': { body: { data: [] } },
      'POST telemetry/traces': { status: 202 },
    });
    const meta = document.createElement('meta');
    meta.name = 'trace-sample-rate';
    meta.content = '1';
    const token = document.createElement('meta');
    token.name = 'trace-token';
    token.content = '1795729690.token';
    document.head.append(meta, token);
    startTracingAfterPaint();
    await vi.waitFor(
      async () => {
        await apiRequest('system-settings', { schema: z.unknown(), auth: false });
        expect(http.calls('GET system-settings').at(-1)!.headers.get('traceparent')).toMatch(/^00-/);
      },
      { timeout: 4000 },
    );
  });
});
