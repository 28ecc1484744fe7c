import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';

/**
 * Routes whose answers are always a few hundred bytes and that are asked all the time: they skip
 * the compressor altogether. Its hooks run on every request of a route they are on (a reply
 * decoration, then Accept-Encoding negotiated before the size is looked at), which costs
 * `auth/me`, the hottest route, measurably against bench/api.ts's bare route (decision 0017).
 */
const ALWAYS_TINY = new Set([`GET ${API_PREFIX}/auth/me`, 'GET /healthz', 'GET /readyz']);

/**
 * Answers compressed on the fly when the client accepts it (decision 0017): brotli, else gzip, for
 * JSON and text of at least 1 KB (a list's page, the OpenAPI document, the Swagger UI's files).
 * Smaller answers go out as they are: there the bytes saved are fewer than the CPU a compressor
 * costs. Brotli at the plugin's quality 4, not zlib's 11: on the fly, speed matters more than the
 * last percent. The web build's files are compressed once at build time and sent as they are
 * (plugins/web.ts); the SSE stream writes its own head and is never compressed. Request bodies
 * are not decompressed: no client of ours compresses them.
 * Registered before the routes: @fastify/compress hooks each route as it is added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Added before the compressor's own onRoute hook, so it sees the opt-out.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => ALWAYS_TINY.has(`${method} ${route.url}`))) route.compress ??= false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
});
