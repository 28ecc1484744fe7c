import { expect, vi } from 'vitest';
import { API_PREFIX } from '@portal/contract';

export type MockReply =
  { status?: number; body?: unknown; statusText?: string } | Promise<Response> | Response;
export type MockHandler = (request: { body: unknown; headers: Headers; url: URL }) => MockReply;

export const json = (status: number, body?: unknown, statusText = ''): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

/**
 * Stubs fetch at the HTTP boundary. Handlers are keyed "METHOD path" with the path after /api/v1.0/,
 * e.g. "POST auth/login". Unknown calls answer 404 so a missing stub fails loudly.
 */
export function mockApi(handlers: Record<string, MockHandler | MockReply>) {
  const calls: { key: string; body: unknown; headers: Headers; url: URL }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(`${API_PREFIX}/`, '')}`;
    const headers = new Headers(init.headers);
    // JSON bodies are parsed; a multipart FormData is handed over as it is.
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    calls.push({ key, body, headers, url });
    const handler = handlers[key];
    if (handler === undefined) return json(404, { message: `No stub for ${key}` });
    const reply = typeof handler === 'function' ? handler({ body, headers, url }) : handler;
    if (reply instanceof Response || reply instanceof Promise) return reply;
    return json(reply.status ?? 200, reply.body, reply.statusText);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls: (key: string) => calls.filter((c) => c.key === key),
  };
}

/** A CSV answer of an export route. */
export const csv = (text: string) =>
  new Response(text, { headers: { 'content-type': 'text/csv; charset=utf-8' } });

/**
 * Stubs what a CSV download does in the browser (the object URL, the link's click) and answers
 * the query of the export call once the download was handed over; `mockRestore()` the returned
 * spy when done.
 */
export function stubDownloads(http: { calls: (key: string) => { url: URL }[] }, key: string) {
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  const exported = async () => {
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    return Object.fromEntries(http.calls(key)[0]!.url.searchParams);
  };
  return { click, exported };
}

/** A reply that waits until `release()` — to observe loading states. */
export function deferred(reply: () => Response) {
  let release!: () => void;
  const promise = new Promise<Response>((resolve) => {
    release = () => resolve(reply());
  });
  return { promise, release };
}
