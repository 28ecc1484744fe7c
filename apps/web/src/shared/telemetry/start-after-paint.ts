/**
 * After the page has loaded and the browser is idle, loads browser tracing, but only when the
 * serving server traces: it then says the sample rate in index.html (`<meta name="trace-sample-rate">`,
 * apps/server/src/plugins/web.ts). Otherwise nothing is loaded or asked, so `/login`'s first paint,
 * its byte budget and its console stay untouched (decision 0022).
 */
export function startTracingAfterPaint(doc: Pick<Document, 'querySelector'> = document) {
  const rate = Number(doc.querySelector('meta[name="trace-sample-rate"]')?.getAttribute('content') ?? NaN);
  if (!(rate > 0)) return;
  const start = async () => {
    const { startBrowserTracing } = await import('./browser-tracing');
    startBrowserTracing(rate);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start())
      : setTimeout(() => void start(), 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
