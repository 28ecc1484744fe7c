import { API_PREFIX, BROWSER_TRACES } from '@portal/contract';
import { setRequestTracer } from './request-tracer';

/** One span as OTLP/JSON carries it. */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number } }>;
  status: { code: number };
};

const SPAN_KIND_INTERNAL = BROWSER_TRACES.kinds.pageLoad;
const SPAN_KIND_CLIENT = BROWSER_TRACES.kinds.apiCall;
const FLUSH_MS = 5000;

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
/** performance.now()-based time → Unix nanoseconds as a string (OTLP/JSON). */
const unixNano = (ms: number) => String(BigInt(Math.round((performance.timeOrigin + ms) * 1000)) * 1000n);
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

/**
 * Browser tracing (docs/product.md §9): the page load (navigation timing) and each API call
 * as spans, API calls with a `traceparent` so the server's span continues them. Spans go in batches to
 * the portal (`POST telemetry/traces`), which relays them to the collector: the browser needs no
 * collector address and no CORS. Started after first paint, only when the server traces; sampled at
 * the server's rate per page load.
 */
export function startBrowserTracing(sampleRate: number, relayToken: string) {
  if (Math.random() >= sampleRate) return;
  const spans: OtlpSpan[] = [];
  // Each answer of the relay brings a fresh token (they live 15 minutes); a refused one ends tracing.
  let token: string | null = relayToken;

  const send = (batch: OtlpSpan[]) => {
    if (!token) return;
    const body = JSON.stringify({
      resourceSpans: [
        {
          resource: { attributes: [text('service.name', BROWSER_TRACES.serviceName)] },
          scopeSpans: [{ scope: { name: BROWSER_TRACES.scopeName }, spans: batch }],
        },
      ],
    });
    // keepalive: the last batch still leaves when the tab closes.
    void fetch(`${API_PREFIX}/telemetry/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BROWSER_TRACES.tokenHeader]: token },
      body,
      keepalive: true,
    })
      .then((answer) => {
        if (answer.status === 401) token = null;
        token = answer.headers.get(BROWSER_TRACES.tokenHeader) ?? token;
      })
      .catch(() => undefined);
  };
  /** What was gathered, in batches of at most what the relay takes. */
  const flush = () => {
    while (spans.length > 0) send(spans.splice(0, BROWSER_TRACES.maxSpans));
  };

  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation) {
    spans.push({
      traceId: randomHex(16),
      spanId: randomHex(8),
      name: `page load ${location.pathname}`,
      kind: SPAN_KIND_INTERNAL,
      startTimeUnixNano: unixNano(navigation.startTime),
      endTimeUnixNano: unixNano(navigation.loadEventEnd || performance.now()),
      attributes: [
        text('url.path', location.pathname),
        { key: 'browser.transfer_size', value: { intValue: navigation.transferSize } },
        {
          key: 'browser.dom_content_loaded_ms',
          value: { intValue: Math.round(navigation.domContentLoadedEventEnd) },
        },
      ],
      status: { code: 0 },
    });
  }

  setRequestTracer((method, path) => {
    const traceId = randomHex(16);
    const spanId = randomHex(8);
    const started = performance.now();
    return {
      headers: { traceparent: `00-${traceId}-${spanId}-01` },
      end(status) {
        spans.push({
          traceId,
          spanId,
          name: `${method} ${path.split('?')[0]}`,
          kind: SPAN_KIND_CLIENT,
          startTimeUnixNano: unixNano(started),
          endTimeUnixNano: unixNano(performance.now()),
          attributes: [
            text('http.request.method', method),
            { key: 'http.response.status_code', value: { intValue: status } },
          ],
          status: { code: status === 0 || status >= 500 ? 2 : 0 },
        });
      },
    };
  });

  setInterval(flush, FLUSH_MS);
  addEventListener('pagehide', flush);
  flush();
}
