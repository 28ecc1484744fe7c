import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
  type TextMapPropagator,
  type Tracer,
} from '@opentelemetry/api';
import type { RemoteCallResult } from '../integrations/remote';
import { sqlStateOf } from './db-errors';
import { currentRequestId } from './request-id';

/** docs/product.md §9: a transaction is cut at 600 s (an SSE stream may stay open for hours). */
export const MAX_SPAN_MS = 600_000;
/** The span attribute naming the portal's request id (the id itself lives in lib/request-id.ts). */
export const REQUEST_ID_ATTRIBUTE = 'portal.request_id';

let contextManagerSet = false;

export type TracingConfig = { endpoint: string; sampleRate: number; serviceName: string };

/** A started tracer, and the `traceparent` reader and writer (W3C Trace Context) of its spans. */
export type Tracing = { tracer: Tracer; propagator: TextMapPropagator; shutdown(): Promise<void> };

/**
 * A tracer exporting over OTLP/HTTP (JSON) to `endpoint` (+ /v1/traces), and how to flush it. The
 * SDK and the propagator are loaded here, only when tracing is on: ~5 MB of heap a server without it
 * does not carry (docs/decisions/0041-server-memory.md, 0047-idle-memory.md).
 */
export async function startTracer(config: TracingConfig): Promise<Tracing> {
  const [
    { AsyncLocalStorageContextManager },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    sdk,
    { W3CTraceContextPropagator },
  ] = await Promise.all([
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/core'),
  ]);
  if (!contextManagerSet) {
    // Once per process: spans started inside a request find it as their parent (AsyncLocalStorage).
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerSet = true;
  }
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    sampler: new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(config.sampleRate) }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/$/, '')}/v1/traces` }),
      ),
    ],
  });
  return {
    tracer: provider.getTracer('customer-portal'),
    propagator: new W3CTraceContextPropagator(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * The trace a request says it belongs to (its `traceparent`), as a link for the server's span: never
 * its parent. A client choosing our trace id or our sampling decision (flag 00 would switch tracing
 * off for its own requests) is not trusted (decision 0024); the server samples at its own rate.
 */
export function foreignLinks(propagator: TextMapPropagator, headers: Record<string, unknown>): Link[] {
  const foreign = trace.getSpanContext(propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter));
  return foreign && isSpanContextValid(foreign) ? [{ context: { ...foreign, isRemote: true } }] : [];
}

/** Ends a span after MAX_SPAN_MS if nothing ended it before; returns the cancel. */
export function cutAfterMax(span: Span): () => void {
  const timer = setTimeout(() => {
    span.setAttribute('portal.cut_at_max_duration', true);
    span.end();
  }, MAX_SPAN_MS);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * A client span for a call to LD, TS or the BI server, child of the request being served, and the
 * header the call carries for it: `traceparent`. The request id travels one way only: the call's
 * `x-request-id` header is written by integrations/remote.ts from lib/request-id.ts, traced or not.
 */
export function remoteSpan(
  { tracer, propagator }: Pick<Tracing, 'tracer' | 'propagator'>,
  call: { system: string; method: string; path: string },
) {
  const parent = context.active();
  const requestId = currentRequestId();
  const span = tracer.startSpan(
    `${call.system} ${call.method}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'peer.service': call.system,
        'http.request.method': call.method,
        'url.path': call.path.split('?')[0],
        ...(requestId && { [REQUEST_ID_ATTRIBUTE]: requestId }),
      },
    },
    parent,
  );
  const headers: Record<string, string> = {};
  propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
  return {
    headers,
    end(result: RemoteCallResult) {
      if (typeof result.outcome === 'number') span.setAttribute('http.response.status_code', result.outcome);
      else span.setAttribute('error.type', result.outcome);
      if (typeof result.outcome !== 'number' || result.outcome >= 500)
        span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

type QueryFn = (...args: unknown[]) => unknown;
let pgTracer: Tracer | null = null;

/**
 * Spans for PostgreSQL statements: wraps pg's Client#query once per process (every pool query and
 * every transaction goes through it); the statement text, never its values, is recorded.
 */
export function tracePg(pgClientPrototype: { query: QueryFn }, tracer: Tracer) {
  pgTracer = tracer;
  const proto = pgClientPrototype as { query: QueryFn & { __portalTraced?: true } };
  if (proto.query.__portalTraced) return;
  const original = proto.query;
  const traced = function (this: unknown, ...args: unknown[]) {
    const active = context.active();
    if (!pgTracer || !trace.getSpan(active)) return original.apply(this, args);
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? '');
    const span = pgTracer.startSpan(
      'pg.query',
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': String(text).slice(0, 1000) },
      },
      active,
    );
    // SQLSTATE only: PostgreSQL's error text may quote the values of the statement (decision 0024).
    const finish = (error?: unknown) => {
      if (error) {
        const sqlState = sqlStateOf(error);
        if (sqlState) span.setAttribute('db.response.status_code', sqlState);
        span.setStatus({ code: SpanStatusCode.ERROR, message: sqlState ? `SQLSTATE ${sqlState}` : 'error' });
      }
      span.end();
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: unknown, result: unknown) => void;
      args[last] = (error: unknown, result: unknown) => {
        finish(error);
        callback(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as {
      then?: (ok: () => void, fail: (e: unknown) => void) => void;
    };
    if (result && typeof result.then === 'function') result.then(() => finish(), finish);
    else finish();
    return result;
  } as QueryFn & { __portalTraced?: true };
  traced.__portalTraced = true;
  proto.query = traced;
}

export { context, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Context, type Tracer };
