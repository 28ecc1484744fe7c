import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorBody } from '@portal/contract';

/** Paths that are never the SPA: an unknown one there is a JSON 404, not index.html. */
const NON_SPA = /^\/(api|sim|healthz|readyz|metrics)(\/|$|\?)/;
const COMPRESSED_COPY = /\.(br|gz)$/;
/** The sign-in page, with or without its query (`?status=401`, `?target=mobile-app`). */
const LOGIN_PAGE = /^\/login\/?(\?|$)/;

/**
 * What the serving server tells the app in index.html, as `<meta name=… content=…>` tags: its
 * APP_ENV (`app-env`: the app decides at run time what production hides, so a development build on
 * a production server shows no Register link that would answer "Not found.") and, when
 * it traces, the browser's sample rate (`trace-sample-rate`: without it the app loads no tracing and
 * asks nothing, decision 0022). Meta tags, not a script: the CSP allows no inline script.
 */
export type PageMeta = Record<string, string>;

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`, `build.manifest`). */
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * The chunks a page's first screen needs right after the entry, by source module or chunk name
 * (apps/web/vite.config.ts). /login's screen is in the entry; any other address is a signed-in
 * screen, which needs the session and layout (`shell`): named in the page, the browser fetches
 * it in parallel with the entry instead of one round trip after it (decision 0028).
 */
const FIRST_SCREEN = {
  login: [],
  signedIn: ['shell'],
};

/**
 * `<link rel=modulepreload>` for the chunks of `sources` (a source module or a chunk's name) and
 * every chunk they import, and
 * `<link rel=preload as=style>` for their stylesheets (preloaded, not applied: the app adds them
 * in its own order when the chunk runs). Files index.html names already are left out. Nothing
 * without a manifest (a build without one, or tests).
 */
function preloadTags(webDist: string, html: string, sources: string[]): string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry is the page's own script already.
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((css) => styles.add(css));
    chunk.imports?.forEach(visit);
  };
  const keyOf = (wanted: string) =>
    wanted in manifest ? wanted : Object.keys(manifest).find((key) => manifest[key]!.name === wanted);
  for (const wanted of sources) {
    const key = keyOf(wanted);
    if (key) visit(key);
  }
  const fresh = (asset: string) => !html.includes(`/${asset}"`);
  return [
    ...[...scripts].filter(fresh).map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`),
    ...[...styles].filter(fresh).map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
  ].join('');
}

const clean = (value: string) => value.replace(/[^\w.-]/g, '');
const metaTags = (meta: PageMeta) =>
  Object.entries(meta)
    .map(([name, content]) => `<meta name="${clean(name)}" content="${clean(content)}">`)
    .join('');
const withTags = (html: string, tags: string) =>
  html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : tags + html;

/**
 * index.html with the page's meta tags and preload hints, with its brotli and gzip forms: made
 * once, or per request when some tags are the request's own (`perRequest`, the browser-trace
 * relay token).
 */
function preparePage(
  webDist: string,
  meta: PageMeta,
  screen: keyof typeof FIRST_SCREEN,
  perRequest?: (request: FastifyRequest) => PageMeta,
) {
  const source = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const html = withTags(source, metaTags(meta) + preloadTags(webDist, source, FIRST_SCREEN[screen]));
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
  const pages = hasBuild
    ? {
        login: preparePage(webDist, meta, 'login', perRequest),
        signedIn: preparePage(webDist, meta, 'signedIn', perRequest),
      }
    : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz files are the encodings of their originals, not files of their own; the
      // page itself is served below, with the server's APP_ENV in it.
      allowedPath: (pathName) =>
        !COMPRESSED_COPY.test(pathName) && pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed name never changes its content: with the year-long immutable cache a
        // validator or a range request is of no use, and those headers cost bytes on every file
        // a phone loads (decision 0028).
        if (hashed) res.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
      },
    });
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(`assets/${file}`);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pages && wantsPage && !NON_SPA.test(request.url) && !request.url.startsWith('/assets/')) {
      const page = LOGIN_PAGE.test(request.url) ? pages.login : pages.signedIn;
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
