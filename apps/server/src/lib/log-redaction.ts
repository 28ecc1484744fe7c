import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: hand-off tokens (`token`), realtime tickets, BI
 * log-on tokens (`logonTokenId`), reset tokens on the web page's URL, codes, session ids. Matched
 * by name, so a new one named like these is covered too.
 */
const SECRET_PARAM = /token|ticket|code|secret|password|session|signature|key/i;

/** Path segments that are capabilities: the key of a public file URL (256 random bits). */
const CAPABILITY_PATH = /(\/files\/public\/)[^/?#]+/g;

/** A path as logs and spans may keep it: capability keys replaced by `[redacted]`. */
export const redactPath = (path: string) => path.replace(CAPABILITY_PATH, '$1[redacted]');

/**
 * A URL as the log may keep it: capability keys in the path and every secret-looking query value
 * replaced by `[redacted]`.
 */
export function redactUrl(rawUrl: string): string {
  const url = redactPath(rawUrl.split('?', 1)[0]!) + rawUrl.slice(rawUrl.split('?', 1)[0]!.length);
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

/** Fields of database errors that quote the statement's values (pg's `detail`, drizzle's `params`, …). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'cause']);

type ErrorLike = Error & { query?: unknown; params?: unknown; code?: unknown };

/** An error's message without values: drizzle's "Failed query: … params: …" keeps the statement only. */
const messageOf = (error: ErrorLike) =>
  typeof error.query === 'string' && 'params' in error ? `Failed query: ${error.query}` : error.message;

/**
 * pino's `err` serializer: the error and its causes (type, message, stack, own fields), without what
 * quotes the input — the query's parameters, PostgreSQL's `detail` (`Key (email)=(…)`) — so a 500
 * logs the statement and the SQLSTATE, never a user's values (decision 0024).
 */
export function errorLogSerializer(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const own = Object.fromEntries(Object.entries(error).filter(([key]) => !VALUE_FIELDS.has(key)));
  return {
    ...own,
    type: error.constructor.name,
    message: chain.map(messageOf).join(': '),
    stack: chain.map((e) => (e.stack ?? '').replace(e.message, messageOf(e))).join('\ncaused by: '),
    ...(chain.some((e) => typeof e.code === 'string') && {
      code: chain.find((e) => typeof e.code === 'string')!.code,
    }),
  };
}

/** pino's `req` serializer: Fastify's default fields, with the URL redacted (never the headers). */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
