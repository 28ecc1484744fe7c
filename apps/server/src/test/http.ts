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
    delete: (path: string, opts?: Call) => call('DELETE', path, undefined, opts),
  };
}
