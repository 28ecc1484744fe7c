import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: hand-off tokens (`token`), realtime tickets, BI
 * log-on tokens (`logonTokenId`), reset tokens on the web page's URL, codes, session ids. Matched
 * by name, so a new one named like these is covered too.
 */
const SECRET_PARAM = /token|ticket|code|secret|password|session|signature|key/i;

/** A URL as the log may keep it: every secret-looking query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAM.test(name)) continue;
    params.set(name, '[redacted]');
    changed = true;
  }
  return changed
    ? `${url.slice(0, at)}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`
    : url;
}

/** pino's `req` serializer: Fastify's default fields, with the URL redacted (never the headers). */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
