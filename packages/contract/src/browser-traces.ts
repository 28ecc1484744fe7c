import * as z from 'zod/mini';

/**
 * Browser tracing (docs/operations.md "Tracing"): what the page sends to `POST telemetry/traces`
 * and what the portal relays of it (decision 0024). The relay keeps only what the browser tracer
 * makes; everything else in a batch is dropped, and the resource is always the web app's.
 */
export const BROWSER_TRACES = {
  serviceName: 'customer-portal-web',
  scopeName: 'portal-web',
  /** Spans in one batch (the page sends at most this many at once); more → 413. */
  maxSpans: 100,
  /** Bytes of one batch's body; more → 413. */
  maxBytes: 65_536,
  /** The relay token: in the page as `<meta name="trace-token">`, sent back in this header. */
  tokenMeta: 'trace-token',
  tokenHeader: 'x-trace-token',
  /** OTLP span kinds the browser makes: the page load (internal) and API calls (client). */
  kinds: { pageLoad: 1, apiCall: 3 },
} as const;

/** The attributes each kind of browser span carries, and the type of their values. */
export const BROWSER_SPAN_ATTRIBUTES: Record<number, Record<string, 'string' | 'int'>> = {
  [BROWSER_TRACES.kinds.pageLoad]: {
    'url.path': 'string',
    'browser.transfer_size': 'int',
    'browser.dom_content_loaded_ms': 'int',
  },
  [BROWSER_TRACES.kinds.apiCall]: { 'http.request.method': 'string', 'http.response.status_code': 'int' },
};

/** Span names the browser tracer makes, by kind: `page load /path` and `GET users/42`. */
export const BROWSER_SPAN_NAMES: Record<number, RegExp> = {
  [BROWSER_TRACES.kinds.pageLoad]: /^page load \/[\w\-./~%]{0,200}$/,
  [BROWSER_TRACES.kinds.apiCall]: /^(GET|POST|PUT|PATCH|DELETE) [\w\-./~%]{1,200}$/,
};

const hex = (length: number) => z.string().check(z.regex(new RegExp(`^[0-9a-f]{${length}}$`)));
const unixNano = z.string().check(z.regex(/^\d{1,20}$/));

/** One attribute as OTLP/JSON carries it (the page sends strings and integers only). */
export const browserSpanAttributeSchema = z.object({
  key: z.string().check(z.maxLength(100)),
  value: z.object({
    stringValue: z.optional(z.string().check(z.maxLength(200))),
    intValue: z.optional(z.number().check(z.int(), z.gte(0), z.lte(2 ** 40))),
  }),
});

export const browserSpanSchema = z.object({
  traceId: hex(32),
  spanId: hex(16),
  name: z.string().check(z.maxLength(220)),
  kind: z.number(),
  startTimeUnixNano: unixNano,
  endTimeUnixNano: unixNano,
  attributes: z._default(z.array(browserSpanAttributeSchema).check(z.maxLength(10)), []),
  status: z._default(z.object({ code: z.number() }), { code: 0 }),
});
export type BrowserSpan = z.infer<typeof browserSpanSchema>;

/** A batch as OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`); unknown fields are dropped. */
export const browserTraceBatchSchema = z.object({
  resourceSpans: z
    .array(
      z.object({
        scopeSpans: z.array(z.object({ spans: z.array(browserSpanSchema) })).check(z.maxLength(4)),
      }),
    )
    .check(z.maxLength(4)),
});
export type BrowserTraceBatch = z.infer<typeof browserTraceBatchSchema>;
