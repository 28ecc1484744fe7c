import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiRequest } from '../api/api-client';
import { mockApi } from '../../test/fetch-mock';
import { setRequestTracer } from './request-tracer';
import { startTracingAfterPaint } from './start-after-paint';

const idle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('startTracingAfterPaint', () => {
  afterEach(() => setRequestTracer(null));

  it('asks the server once the page is up and starts nothing when it does not trace (404)', async () => {
    const http = mockApi({ 'GET system-settings': { body: { data: [] } } });
    startTracingAfterPaint();
    await vi.waitFor(() => expect(http.calls('GET telemetry')).toHaveLength(1), { timeout: 3000 });
    await idle();
    await apiRequest('system-settings', { schema: z.unknown(), auth: false });
    expect(http.calls('GET system-settings')[0]!.headers.get('traceparent')).toBeNull();
  });

  it('starts browser tracing at the server’s sample rate when it traces', async () => {
    const http = mockApi({
      'GET telemetry': { body: { data: { sampleRate: 1 } } },
      'GET system-settings': { body: { data: [] } },
      'POST telemetry/traces': { status: 202 },
    });
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
