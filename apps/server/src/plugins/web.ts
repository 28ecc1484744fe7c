import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, type ErrorBody } from '@portal/contract';

/** Paths that are never the SPA: an unknown one there is a JSON 404, not index.html. */
const NON_SPA = /^\/(api|sim|healthz|readyz|metrics)(\/|$|\?)/;
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built SPA: hashed files under /assets with a year-long immutable cache, everything
 * else that is not an API path falls back to index.html (never cached) so client routes survive reload.
 * The build writes each text file also as .br and .gz (apps/web/vite.config.ts); the one the
 * client accepts is sent as it is, with `Vary: Accept-Encoding` (decision 0017).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz files are the encodings of their originals, not files of their own.
      allowedPath: (pathName) => !COMPRESSED_COPY.test(pathName),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(`assets/${file}`);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !NON_SPA.test(request.url) && !request.url.startsWith('/assets/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound } satisfies ErrorBody);
  });
}
