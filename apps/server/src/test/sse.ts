import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { API_PREFIX } from '@portal/contract';

export type SseEvent = { event: string; data: string };

/**
 * A Server-Sent-Events stream reader: what an EventSource does, minus reconnecting, so tests (and
 * benches) can see every frame and when the stream ends. node:http with its own socket per stream
 * (fetch's pool opens spare sockets that hold a closing server open until its headers timeout).
 */
export async function openEventStream(baseUrl: string, ticket: string) {
  const url = `${baseUrl}${API_PREFIX}/realtime?ticket=${encodeURIComponent(ticket)}`;
  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    request(url, { agent: false }, resolve).on('error', reject).end();
  });
  const res = {
    status: incoming.statusCode ?? 0,
    headers: new Headers(
      Object.entries(incoming.headers as IncomingHttpHeaders).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]],
      ),
    ),
  };
  const abort = { abort: () => incoming.destroy() };
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let wake: (() => void) | undefined;
  let ended = false;
  const done = (async () => {
    incoming.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const value of incoming as AsyncIterable<string>) {
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
          }
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        wake?.();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      wake?.();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    /** Waits for the n-th event (1-based) or the end of the stream. */
    async waitFor(count: number, timeoutMs = 5000): Promise<SseEvent | undefined> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50).unref();
        });
      }
      return events[count - 1];
    },
    done,
    close: () => abort.abort(),
  };
}
