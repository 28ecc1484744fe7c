import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import type { RemoteCallResult } from '../integrations/remote';
import { redactPath } from '../lib/log-redaction';
import {
  context,
  cutAfterMax,
  foreignLinks,
  remoteSpan,
  REQUEST_ID_ATTRIBUTE,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  startTracer,
  trace,
  tracePg,
} from '../lib/tracing';

export type RemoteTrace = (call: { system: string; method: string; path: string }) => {
  headers: Record<string, string>;
  end(result: RemoteCallResult): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Tracing of calls to LD, TS and BI (integration clients); undefined when tracing is off. */
    traceRemote: RemoteTrace | undefined;
  }
}

/**
 * OpenTelemetry tracing (docs/product.md §9: sample rate 1 by default, transactions cut at 600 s), only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set: one server span per request (a trace of its own, sampled at
 * the server's rate; a client's `traceparent` is a link), with the request id and the route pattern
 * (never the raw path: `files/public/{key}` is a capability) as attributes; client spans for LD/TS/BI calls, which carry
 * the request id and `traceparent` as headers; and spans for PostgreSQL statements. Unset, nothing
 * is registered: no hook, no cost.
 */
export const tracingPlugin = fp(
  async (app: FastifyInstance) => {
    const config = app.config.tracing;
    if (!config) {
      app.decorate('traceRemote', undefined);
      return;
    }
    const started = await startTracer(config);
    const { tracer, propagator, shutdown } = started;
    if (app.database.kind === 'postgres') {
      const { default: pg } = await import('pg');
      tracePg(pg.Client.prototype as never, tracer);
    }
    app.decorate('traceRemote', (call) => remoteSpan(started, call));

    // The browser's spans come through the relay (modules/browser-traces), not traced itself.
    const telemetry = `${API_PREFIX}/telemetry`;

    const ends = new WeakMap<object, () => void>();
    app.addHook('onRequest', (request, reply, done) => {
      // The relay's own requests would be a span per batch of spans.
      if (request.url.startsWith(telemetry)) return done();
      // A trace of our own, sampled at our rate; a client's traceparent only links to it.
      const span = tracer.startSpan(
        request.method,
        {
          kind: SpanKind.SERVER,
          root: true,
          links: foreignLinks(propagator, request.headers),
          attributes: {
            'http.request.method': request.method,
            'url.path': request.routeOptions.url ?? redactPath(request.url.split('?')[0]!),
            [REQUEST_ID_ATTRIBUTE]: request.id,
          },
        },
        ROOT_CONTEXT,
      );
      const cancelCut = cutAfterMax(span);
      ends.set(request, () => {
        cancelCut();
        const route = request.routeOptions.url;
        if (route) {
          span.updateName(`${request.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      // The rest of the request runs inside the span's context (its DB and remote calls are children).
      context.with(trace.setSpan(ROOT_CONTEXT, span), done);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      ends.get(request)?.();
      done();
    });
    // Spans still open are flushed before the process ends.
    // The last spans are flushed on the way out; a collector that is down must not fail the shutdown.
    app.addHook('onClose', async () => {
      await shutdown().catch((error: unknown) =>
        app.log.warn({ err: error }, 'tracing: the last spans could not be exported'),
      );
    });
  },
  {
    name: 'tracing',
    decorators: { fastify: ['config', 'database'] },
  },
);
