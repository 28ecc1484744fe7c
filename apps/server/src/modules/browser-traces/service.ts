import {
  BROWSER_SPAN_ATTRIBUTES,
  BROWSER_SPAN_NAMES,
  BROWSER_TRACES,
  MESSAGES,
  type BrowserSpan,
  type BrowserTraceBatch,
} from '@portal/contract';
import type { CollectorClient } from '../../integrations/collector/client';
import { RemoteFailure } from '../../integrations/remote';
import { AppError } from '../../lib/errors';

const OTLP_STATUS_CODES = new Set([0, 1, 2]);

/** A span as the browser tracer makes it, or null: another kind, another name, its extras dropped. */
export function browserSpanOf(span: BrowserSpan): BrowserSpan | null {
  const allowed = BROWSER_SPAN_ATTRIBUTES[span.kind];
  if (!allowed || !BROWSER_SPAN_NAMES[span.kind]!.test(span.name)) return null;
  const attributes = span.attributes.filter(({ key, value }) => {
    const type = Object.hasOwn(allowed, key) ? allowed[key] : undefined;
    if (type === 'string') return value.stringValue !== undefined && value.intValue === undefined;
    if (type === 'int') return value.intValue !== undefined && value.stringValue === undefined;
    return false;
  });
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    name: span.name,
    kind: span.kind,
    startTimeUnixNano: span.startTimeUnixNano,
    endTimeUnixNano: span.endTimeUnixNano,
    attributes,
    status: { code: OTLP_STATUS_CODES.has(span.status.code) ? span.status.code : 0 },
  };
}

/** The batch as the collector gets it: the web app's resource and scope, only browser-made spans. */
export function relayedBatch(batch: BrowserTraceBatch) {
  const spans = batch.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  if (spans.length > BROWSER_TRACES.maxSpans) throw new AppError(413, MESSAGES.requestTooLarge);
  const kept = spans.map(browserSpanOf).filter((span) => span !== null);
  return {
    spans: kept.length,
    body: {
      resourceSpans: [
        {
          resource: {
            attributes: [{ key: 'service.name', value: { stringValue: BROWSER_TRACES.serviceName } }],
          },
          scopeSpans: [{ scope: { name: BROWSER_TRACES.scopeName }, spans: kept }],
        },
      ],
    },
  };
}

/** Relays the browser's spans to the collector (docs/operations.md "Tracing"). */
export function createBrowserTraceService(deps: {
  collector: CollectorClient;
  log: { warn(details: object, message: string): void };
}) {
  return {
    /** Sends what is left of the batch after cleaning; a collector that is down loses it (logged). */
    async relay(batch: BrowserTraceBatch): Promise<void> {
      const { spans, body } = relayedBatch(batch);
      if (spans === 0) return;
      try {
        await deps.collector.sendSpans(body);
      } catch (error) {
        if (!(error instanceof RemoteFailure)) throw error;
        deps.log.warn({ reason: error.reason, spans }, 'browser spans not relayed');
      }
    },
  };
}

export type BrowserTraceService = ReturnType<typeof createBrowserTraceService>;
