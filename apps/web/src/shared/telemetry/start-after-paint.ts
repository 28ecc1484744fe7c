import { API_PREFIX } from '@portal/contract';

/**
 * After the page has loaded and the browser is idle, asks whether the server traces
 * (`GET telemetry`: 404 when not) and only then loads browser tracing, so `/login`'s first paint and
 * its byte budget are untouched (decision 0022).
 */
export function startTracingAfterPaint() {
  const start = async () => {
    const answer = await fetch(`${API_PREFIX}/telemetry`).catch(() => null);
    // Read even a 404 to its end: an unread body keeps the request open (and the network busy).
    const body = (await answer?.text().catch(() => '')) ?? '';
    if (!answer?.ok) return;
    const { data } = JSON.parse(body) as { data: { sampleRate: number } };
    const { startBrowserTracing } = await import('./browser-tracing');
    startBrowserTracing(data.sampleRate);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start())
      : setTimeout(() => void start(), 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
