import helmet from '@fastify/helmet';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { API_PREFIX } from '@portal/contract';

/**
 * Strict CSP: only our own scripts, styles and frames (the BI server is same-origin when its
 * simulator is mounted; a configured BI origin is added to frame-src by the BI issue).
 * Mantine injects its CSS variables in <style> tags, hence 'unsafe-inline' for styles only.
 */
const helmetOptions = (extraFrameSources: string[]) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", ...extraFrameSources],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
  hsts: false,
});

/**
 * The headers are the same on every response, but @fastify/helmet rebuilds helmet (parsing the
 * whole CSP) on every request, which cost more than the rest of a cached `auth/me`. So helmet
 * stays the source of the values: it answers one request on a probe instance at start, and the
 * headers it added are then set as fixed strings.
 */
async function helmetHeaders(extraFrameSources: string[]): Promise<Array<[string, string]>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, helmetOptions(extraFrameSources));
    app.get('/', async () => 'probe');
    const res = await app.inject({ url: '/' });
    await app.close();
    return res.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  return Object.entries(secured)
    .filter(([name, value]) => typeof value === 'string' && plain[name] === undefined)
    .map(([name, value]) => [name, value as string]);
}

/**
 * API answers are data, never documents: the OWASP REST Security set — nothing may load or frame
 * them — plus `no-store`, since most carry personal data. Shorter than the document set too, which
 * matters on the hottest routes (auth/me is read by every screen).
 */
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
});

/**
 * The build's hashed scripts, stylesheets, fonts and raster images (plugins/web.ts) are never
 * documents: a CSP, frame rules, COOP and the legacy document headers do nothing there (the
 * page's own CSP governs what its scripts may do), yet they cost ~650 bytes on each of the dozens
 * of files a screen loads on a phone (decision 0028). They keep what does apply to a
 * subresource: no MIME sniffing, and no other site may load them. SVG files keep the document
 * set: opened on their own they are documents.
 */
const SUBRESOURCE_HEADERS: ReadonlyArray<[string, string]> = [
  ['cross-origin-resource-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
];
const isSubresource = (url: string) => /^\/assets\/[\w.-]+\.(js|css|woff2?|png|jpe?g|webp|avif)$/.test(url);

/** Under the API prefix but an HTML page (Swagger UI) with its own CSP: it gets the document set. */
const isApiData = (url: string) => url.startsWith(`${API_PREFIX}/`) && !url.startsWith(`${API_PREFIX}/docs`);

/** Sets the security headers of a request's answer; called first thing for every request. */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/** HSTS: a year, subdomains too (ASVS 12.1); only ever sent over HTTPS, where browsers heed it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * `httpsOrigin`: the public origin (APP_URL) is https, so every answer gets HSTS, also when a proxy
 * ends TLS in front; otherwise an answer gets it when its own request came over HTTPS.
 */
export async function securityHeaders(
  extraFrameSources: string[] = [],
  { httpsOrigin = false }: { httpsOrigin?: boolean } = {},
): Promise<SecurityHeaders> {
  const documentHeaders = await helmetHeaders(extraFrameSources);
  return (request, reply) => {
    if (httpsOrigin || request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    if (isApiData(request.url)) {
      // API routes set their own headers through the reply, so a route's own Cache-Control (the
      // logo's) replaces this one; and the reply's header object is cheaper than the raw
      // response's, which validates and copies each header once more. A route that hijacks the
      // reply (the SSE stream) passes `reply.getHeaders()` on itself.
      reply.headers(API_HEADERS);
    } else if (isSubresource(request.url)) {
      for (const [name, value] of SUBRESOURCE_HEADERS) reply.raw.setHeader(name, value);
    } else {
      // Documents: on the raw response, as helmet does, because @fastify/static and the docs UI
      // write theirs there and must still win.
      for (const [name, value] of documentHeaders) reply.raw.setHeader(name, value);
    }
  };
}
