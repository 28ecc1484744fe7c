import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorBody } from '@portal/contract';

/** Paths that are never the SPA: an unknown one there is a JSON 404, not index.html. */
const NON_SPA = /^\/(api|sim|healthz|readyz|metrics)(\/|$|\?)/;
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * What the serving server tells the app in index.html, as `<meta name=… content=…>` tags: its
 * APP_ENV (`app-env`: the app decides at run time what production hides, so a development build on
 * a production server shows no Register link that would answer "Not found.", issue 18.8) and, when
 * it traces, the browser's sample rate (`trace-sample-rate`: without it the app loads no tracing and
 * asks nothing, decision 0022). Meta tags, not a script: the CSP allows no inline script.
 */
export type PageMeta = Record<string, string>;

const clean = (value: string) => value.replace(/[^\w.-]/g, '');
const metaTags = (meta: PageMeta) =>
  Object.entries(meta)
    .map(([name, content]) => `<meta name="${clean(name)}" content="${clean(content)}">`)
    .join('');
const withTags = (html: string, tags: string) =>
  html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : tags + html;

/**
 * index.html with the page's meta tags, with its brotli and gzip forms: made once, or per request
 * when some tags are the request's own (`perRequest`, the browser-trace relay token).
 */
function preparePage(webDist: string, meta: PageMeta, perRequest?: (request: FastifyRequest) => PageMeta) {
  const html = withTags(readFileSync(path.join(webDist, 'index.html'), 'utf8'), metaTags(meta));
  const encode = (page: Buffer) => ({
    identity: page,
    br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: perRequest ? 5 : 11 } }),
    gzip: gzipSync(page),
  });
  const fixed = encode(Buffer.from(html));
  if (!perRequest) return () => fixed;
  // A small page (a few kB): rendering and compressing it again costs well under a millisecond.
  return (request: FastifyRequest) => encode(Buffer.from(withTags(html, metaTags(perRequest(request)))));
}

/** The encoding of the page a client gets: brotli, gzip or none, as it accepts. */
const pageEncoding = (accept: string | undefined) =>
  /\bbr\b/.test(accept ?? '') ? 'br' : /\bgzip\b/.test(accept ?? '') ? 'gzip' : 'identity';

/**
 * Serves the built SPA: hashed files under /assets with a year-long immutable cache, everything
 * else that is not an API path falls back to index.html (never cached) so client routes survive reload.
 * The build writes each text file also as .br and .gz (apps/web/vite.config.ts); the one the
 * client accepts is sent as it is, with `Vary: Accept-Encoding` (decision 0017).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  meta: PageMeta,
  perRequest?: (request: FastifyRequest) => PageMeta,
) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  const page = hasBuild ? preparePage(webDist, meta, perRequest) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz files are the encodings of their originals, not files of their own; the
      // page itself is served below, with the server's APP_ENV in it.
      allowedPath: (pathName) => !COMPRESSED_COPY.test(pathName) && pathName !== '/index.html',
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
    if (page && wantsPage && !NON_SPA.test(request.url) && !request.url.startsWith('/assets/')) {
      const encoding = pageEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(page(request)[encoding]);
    }
    return reply.status(404).send({ message: MESSAGES.notFound } satisfies ErrorBody);
  });
}
