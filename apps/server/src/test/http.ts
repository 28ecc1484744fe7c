import type { InjectOptions } from 'fastify';
import { API_PREFIX } from '@portal/contract';
import type { TestApp } from './app';

type Call = { headers?: Record<string, string>; ip?: string };

/** `app.inject` under the API prefix, with an optional client address (throttling is per IP). */
export function api(t: TestApp) {
  const call = (method: InjectOptions['method'], path: string, payload?: unknown, opts: Call = {}) =>
    t.app.inject({
      method,
      url: `${API_PREFIX}/${path}`,
      headers: opts.headers,
      remoteAddress: opts.ip,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (path: string, opts?: Call) => call('GET', path, undefined, opts),
    post: (path: string, payload?: unknown, opts?: Call) => call('POST', path, payload, opts),
    put: (path: string, payload?: unknown, opts?: Call) => call('PUT', path, payload, opts),
    patch: (path: string, payload?: unknown, opts?: Call) => call('PATCH', path, payload, opts),
    delete: (path: string, opts?: Call) => call('DELETE', path, undefined, opts),
    /** A multipart/form-data POST, encoded the way a browser's fetch(FormData) would. */
    async upload(path: string, form: FormData, opts: Call = {}) {
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      return t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${path}`,
        headers: { ...opts.headers, 'content-type': encoded.headers.get('content-type')! },
        remoteAddress: opts.ip,
        payload: body,
      });
    },
  };
}
