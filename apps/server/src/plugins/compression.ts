import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers compressed on the fly when the client accepts it (decision 0017): brotli, else gzip, for
 * JSON and text of at least 1 KB (a lists page, the OpenAPI document, the Swagger UI's files).
 * Smaller answers, most of them (`auth/me`, a saved setting), go out as they are: there the
 * header bytes saved are fewer than the CPU a compressor costs. Brotli at quality 4, not the
 * library's default, not zlib's 11: on the fly, speed matters more than the last percent. The web build's files are
 * compressed once at build time and sent as they are (plugins/web.ts), and the SSE stream writes
 * its own head (it is never compressed). Request bodies are not decompressed: no client of ours
 * compresses them, and accepting it would only add work to every request.
 * Registered before the routes: @fastify/compress hooks each route as it is added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
});
