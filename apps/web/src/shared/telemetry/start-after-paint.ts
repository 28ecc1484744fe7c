import { BROWSER_TRACES } from '@portal/contract';

/**
 * After the page has loaded and the browser is idle, loads browser tracing, but only when the
 * serving server traces: it then says the sample rate in index.html (`<meta name="trace-sample-rate">`,
 * apps/server/src/plugins/web.ts). Otherwise nothing is loaded or asked, so `/login`'s first paint,
 * its byte budget and its console stay untouched (decision 0022).
 */
export function startTracingAfterPaint(doc: Pick<Document, 'querySelector'> = document) {
  const meta = (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  const rate = Number(meta('trace-sample-rate') ?? NaN);
  if (!(rate > 0)) return;
  // The relay's token for this page (decision 0024); without it the relay would refuse the spans.
  const token = meta(BROWSER_TRACES.tokenMeta);
  if (!token) return;
  const start = async () => {
    const { startBrowserTracing } = await import('./browser-tracing');
    startBrowserTracing(rate, token);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start())
      : setTimeout(() => void start(), 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
