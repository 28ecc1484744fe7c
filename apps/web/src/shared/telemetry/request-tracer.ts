/** A traced API call: headers to send (`traceparent`) and its end. */
export type RequestTrace = { headers: Record<string, string>; end(status: number): void };
type RequestTracer = (method: string, path: string) => RequestTrace;

let tracer: RequestTracer | null = null;

/** Set by browser tracing once it has started (after first paint, only when the server traces). */
export function setRequestTracer(next: RequestTracer | null) {
  tracer = next;
}

/** The trace of one API call, or null while tracing is off (nothing is added to the request). */
export const traceRequest = (method: string, path: string): RequestTrace | null =>
  tracer?.(method, path) ?? null;
