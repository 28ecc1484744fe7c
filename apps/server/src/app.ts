import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, BROWSER_TRACES, MESSAGES } from '@portal/contract';
import type { AppConfig } from './config';
import { WITHOUT_DIRECT_URL } from './db/pooler';
import { openDatabase, type Database } from './db/client';
import { compressionPlugin } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { tracingPlugin } from './plugins/tracing';
import { securityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { clientRequestId, continueWithRequest } from './lib/request-id';
import { dropNonIpForwardedFor } from './lib/client-info';
import { registerModules } from './modules';
import type { BiAccounts } from './modules/users';
import { mailPlugin } from './mail/mailer';
import { trackInFlightHandlers } from './lib/in-flight';
import { errorLogSerializer, requestLogSerializer } from './lib/log-redaction';
import { openApiOptions } from './lib/openapi-document';
import { release } from './lib/release';
import { integrationsPlugin } from './integrations/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Set on SIGTERM: new requests get 503 while in-flight ones finish. */
    draining: boolean;
    /**
     * Starts draining (SIGTERM): new requests get 503, running ones answer with `Connection: close`,
     * and keep-alive connections are closed as soon as they are idle, so `close()` needs no grace.
     */
    drain(): void;
    /** The clock of time-bound rules (codes, reset links, tickets); tests move it forward. */
    now: () => Date;
  }
}

export type BuildOptions = {
  /** An already-open database (tests share one); otherwise one is opened from config and closed with the app. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** BI account operations for the users service (default: the bi module's; tests pass fakes). */
  biAccounts?: BiAccounts;
  /** Clock for codes, reset links and tickets (default: the real one). */
  now?: () => Date;
  /** false: no housekeeping timer (tests run it by hand, so it never races a test's own rows). */
  housekeepingTimer?: boolean;
};

/**
 * Origins our pages may frame besides our own: the BI server's views, and the configured API summary
 * and analysis pages. A simulator's page is a path on the page's own origin ('self'), so it adds none.
 */
export function frameSources(config: Pick<AppConfig, 'bi' | 'resources'>): string[] {
  const urls = [config.bi.publicUrl, config.resources.tsApiDocsUrl, config.resources.analysisUrl];
  return [...new Set(urls.flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])))];
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const setSecurityHeaders = await securityHeaders(frameSources(config), {
    httpsOrigin: config.appUrl.startsWith('https://'),
  });
  /** What every answer carries, whoever writes it: the security headers and the request id. */
  const stampAnswer = (request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request, reply);
    reply.header('x-request-id', request.id);
  };
  const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
  const app = Fastify({
    // Request lines never carry secrets from query strings or capability paths, nor error lines the
    // values of a failed statement (lib/log-redaction.ts).
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogSerializer, err: errorLogSerializer },
            ...(options.logStream && { stream: options.logStream }),
          },
    // The request id is the server's own (decision 0024): a client's x-request-id is not trusted to
    // name our log lines or the calls to LD/TS/BI; it is logged beside it as client_request_id.
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings, options, raw) => {
      const clientId = clientRequestId(raw.headers['x-request-id']);
      return logger.child(clientId ? { ...bindings, client_request_id: clientId } : bindings, options);
    },
    // A hop count as Express means it (the n nearest hops are proxies): this Fastify treats a bare
    // number as "trust nothing", so it goes in as proxy-addr's trust function.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Runs on the raw request before routing, the request log and any hook read `request.ip`: an
    // X-Forwarded-For entry that is not an IP address is dropped, so a client's junk never becomes
    // "the client IP" of the audit log, the sessions or the rate limits (proxies write addresses).
    ...(config.trustProxy !== false && {
      rewriteUrl: (raw: IncomingMessage) => {
        dropNonIpForwardedFor(raw.headers);
        return raw.url ?? '/';
      },
    }),
    bodyLimit: 1_048_576,
    // Slow senders (decision 0024): a request, headers and body, must arrive within
    // requestTimeoutMs, its headers within a minute; Node checks every few seconds (30 s by default,
    // which would let a stalled body live half a minute longer). Answers that stream for long (SSE,
    // CSV exports) are not bound: the timeout ends once the request has arrived.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, config.requestTimeoutMs / 4)),
    },
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // The router's own refusals (a path parameter that is not valid percent-encoding, one too long)
    // are answered before any hook runs: give them the headers and the envelope of every other answer.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      stampAnswer(request, reply);
      const status = error.statusCode ?? 400;
      if (status >= 500) request.log.error({ err: error }, 'router error');
      reply.status(status).send({ message: status < 500 ? MESSAGES.malformedRequest : MESSAGES.serverError });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const handlers = trackInFlightHandlers(app);

  const database = options.database ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('database', database);
  if (database.pooler?.mode === 'transaction' && !database.listenUrl)
    app.log.warn(
      `DATABASE_URL is a transaction pooler${database.pooler.detected ? ' (found at start)' : ''} and DATABASE_DIRECT_URL is unset: ${WITHOUT_DIRECT_URL}. Set DATABASE_DIRECT_URL to PostgreSQL itself (docs/operations.md "Behind a connection pooler").`,
    );
  app.decorate('draining', false);
  app.decorate('drain', () => {
    app.draining = true;
    handlers.endKeepAlive();
    // Node's server.close() (and Fastify's forceCloseConnections: 'idle') closes the connections
    // idle at that moment only; one whose answer is sent later would idle in keep-alive for
    // keepAliveTimeout (72 s) and hold the exit. Closing idle ones every 100 ms ends them as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.decorate('now', options.now ?? (() => new Date()));
  // Registered first so it runs after every other onClose hook: the database closes last.
  if (!options.database) app.addHook('onClose', async () => database.close());

  // What every request gets first: its security headers, its id (also as the current request id for
  // the calls it makes, lib/request-id.ts: the context survives body parsing), and a 503 while draining. One
  // synchronous hook rather than two (one of them async): it runs on every request, and on the
  // hottest route (auth/me) each extra hook and promise is measurable (bench/api.ts).
  app.addHook('onRequest', (request, reply, done) => {
    stampAnswer(request, reply);
    if (!app.draining) return continueWithRequest(request, done);
    // Answered here: onRequest callback hooks that send must not call done().
    reply.header('Connection', 'close').header('Retry-After', '5');
    reply.status(503).send({ message: MESSAGES.shuttingDown });
  });

  registerErrorHandler(app);
  await app.register(compressionPlugin);
  await app.register(swagger, openApiOptions);
  // The docs UI is a page to explore the API with: off in production unless API_DOCS=on.
  if (config.apiDocsUi) await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  // What modules use but is no module: mail, and the clients of the systems the portal talks to.
  await app.register(tracingPlugin); // first: every later hook and call runs inside its span
  await app.register(metricsPlugin); // the clients and every route report to it
  await app.register(mailPlugin);
  await app.register(integrationsPlugin);
  await registerModules(app, {
    biAccounts: options.biAccounts,
    housekeepingTimer: options.housekeepingTimer ?? true,
  });
  const { browserTraces } = app;
  await registerWeb(
    app,
    config.webDist,
    {
      'app-env': config.env,
      'app-version': release.version,
      'app-commit': release.commit,
      ...(config.tracing && { 'trace-sample-rate': String(config.tracing.sampleRate) }),
    },
    // The page carries its own relay token, bound to the address it is served to (decision 0024).
    browserTraces && ((request) => ({ [BROWSER_TRACES.tokenMeta]: browserTraces.tokens.issue(request.ip) })),
  );
  // Added last, so it is the first onClose hook to run: the listener is closed by then, but
  // handlers whose clients hung up may still be working; the realtime bus and the database (closed
  // by earlier-registered hooks, after this one) must outlive them.
  app.addHook('onClose', async () => handlers.idle());

  return app;
}
