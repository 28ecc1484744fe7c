import { safeParse, type core } from 'zod';
import { AppError } from '../lib/errors';
import { currentRequestId } from '../lib/request-id';

/** What a client logs to: the app's pino logger in the server, a silent one in tests. */
export type RemoteLog = {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** One finished call to an external system, for /metrics (and tracing). */
export type RemoteCallResult = {
  system: string;
  method: string;
  /** The HTTP status, or the failure when no usable answer came. */
  outcome: number | 'unreachable' | 'timeout' | 'body';
  seconds: number;
};

export type RemoteOptions = {
  /** Told of every call when it ends (the app's metrics); nothing by default. */
  observe?: (call: RemoteCallResult) => void;
  /** Starts a call's trace span: headers to send (request id, traceparent) and its end (tracing on). */
  trace?: (call: { system: string; method: string; path: string }) => {
    headers: Record<string, string>;
    end(result: RemoteCallResult): void;
  };
  /** The system's name as users know it ("Live Dispatch"): used in messages and logs. */
  system: string;
  /** Base URL of its API. A function when it is only known once the server listens (mounted simulators). */
  baseUrl: string | (() => string);
  timeoutMs: number;
  log: RemoteLog;
};

export type RemoteRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the base URL, e.g. `/api/auth/login`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as an HTML form (application/x-www-form-urlencoded) instead of JSON: Twilio's API takes forms. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Safe to send twice: retried once after a connection error (never after a timeout or an answer). */
  idempotent?: boolean;
};

export type RemoteAnswer = { status: number; headers: Headers; body: unknown };

export type FailureReason = 'unreachable' | 'timeout' | 'status' | 'body';

/**
 * An external system failed us: down, slower than the timeout, an answer it should not give, or one
 * we cannot read. It is an AppError (502) with a short message naming the system — never the remote
 * body, a token or a password — so an uncaught one still answers the caller correctly; services
 * that can do without the system (sign-in tries the next one) catch it by class.
 */
export class RemoteFailure extends AppError {
  constructor(
    readonly system: string,
    readonly reason: FailureReason,
    message: string,
  ) {
    super(502, message);
    this.name = 'RemoteFailure';
  }
}

/** Answers bigger than this are not read: no call of ours expects more than a few kilobytes. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * After a call could not reach the system (down, or no answer within the timeout), further calls
 * fail at once for this long instead of each waiting out the timeout again: a sign-in that asks LD
 * and then TS waits on a dead system once per outage, not once per attempt. The first
 * call after the pause goes through and closes the breaker when it gets any answer.
 */
export const BREAKER_OPEN_MS = 5_000;

/**
 * The body as text, read as it streams: more than `limit` bytes is refused whether or not the
 * system declared a content-length (a chunked answer has none, and a declared one may lie).
 */
async function readCapped(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  // A reader rather than `for await`: the DOM typings (tools' tsconfig) have no async iterator.
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(read.value, { stream: true });
  }
  return text + decoder.decode();
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * The HTTP part every integration client shares (docs/integrations.md "Every client"): JSON in and out,
 * a timeout per call, one retry of idempotent calls after a connection error, remote failures as
 * RemoteFailure, and one debug line per call with its duration.
 */
export function createRemote(options: RemoteOptions) {
  const { system, timeoutMs, log } = options;
  const baseUrl = () =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/$/, '');
  const fail = (reason: FailureReason, message: string) => new RemoteFailure(system, reason, message);
  const unavailable = `${system} is not available right now. Please try again later.`;
  /** The circuit breaker: until then, calls fail without trying (BREAKER_OPEN_MS). */
  let openUntil = 0;

  async function once(request: RemoteRequest, traceHeaders?: Record<string, string>): Promise<RemoteAnswer> {
    const requestId = currentRequestId();
    const form = request.form && new URLSearchParams(request.form).toString();
    const response = await fetch(`${baseUrl()}${request.path}`, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
        ...(form !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(requestId && { 'x-request-id': requestId }),
        ...traceHeaders,
        ...request.headers,
      },
      body: form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await readCapped(response, MAX_BODY_BYTES);
    if (text === undefined) throw fail('body', unavailable);
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined; // not JSON: the caller decides whether this status needed a body
      }
    }
    return { status: response.status, headers: response.headers, body };
  }

  /**
   * Sends one request. Any HTTP status comes back as an answer (the client knows which it expects);
   * only a system that could not be reached or did not answer in time throws.
   */
  async function send(request: RemoteRequest): Promise<RemoteAnswer> {
    const started = performance.now();
    if (Date.now() < openUntil) {
      log.debug(
        { system, method: request.method, path: request.path },
        'remote call skipped: unreachable moments ago',
      );
      throw fail('unreachable', unavailable);
    }
    const attempts = request.idempotent ? 2 : 1;
    const span = options.trace?.({ system, method: request.method, path: request.path });
    const report = (outcome: RemoteCallResult['outcome']) => {
      const result = {
        system,
        method: request.method,
        outcome,
        seconds: (performance.now() - started) / 1000,
      };
      options.observe?.(result);
      span?.end(result);
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await once(request, span?.headers);
        openUntil = 0;
        report(answer.status);
        log.debug(
          {
            system,
            method: request.method,
            path: request.path,
            status: answer.status,
            attempt,
            ms: elapsed(started),
          },
          'remote call',
        );
        return answer;
      } catch (error) {
        if (error instanceof RemoteFailure) {
          // once() throws one only for an answer too large to read: counted, its span ended.
          report('body');
          throw error;
        }
        const reason: FailureReason = isTimeout(error) ? 'timeout' : 'unreachable';
        const details = {
          system,
          method: request.method,
          path: request.path,
          reason,
          attempt,
          ms: elapsed(started),
        };
        if (reason === 'unreachable' && attempt < attempts) {
          log.debug(details, 'remote call failed, retrying');
          continue;
        }
        log.warn(
          { ...details, cause: error instanceof Error ? (error.cause ?? error).toString() : undefined },
          'remote call failed',
        );
        openUntil = Date.now() + BREAKER_OPEN_MS;
        report(reason);
        throw fail(reason, unavailable);
      }
    }
  }

  /**
   * The body of an answer read with `schema`; anything else (not JSON, another shape) is a
   * RemoteFailure. The status is logged, never the body: it may hold tokens.
   */
  function read<T>(answer: RemoteAnswer, schema: core.$ZodType<T>, what: string): T {
    const parsed = safeParse(schema, answer.body);
    if (parsed.success) return parsed.data;
    log.warn({ system, status: answer.status, what }, 'remote answer not understood');
    throw fail('body', unavailable);
  }

  /** An answer with a status the call does not expect (5xx, or a 4xx that means we are wrong). */
  function unexpected(answer: RemoteAnswer, what: string): RemoteFailure {
    log.warn({ system, status: answer.status, what }, 'remote answer unexpected');
    return fail('status', unavailable);
  }

  return { system, send, read, unexpected };
}

export type Remote = ReturnType<typeof createRemote>;

const elapsed = (started: number) => Math.round(performance.now() - started);

const hasControlCharacters = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20);

/**
 * A message the remote meant for its user (the `message` of a 401), shown to ours only if it is a
 * short single line of plain text; otherwise our own.
 */
export function remoteMessage(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return fallback;
  const clean = message.trim();
  return clean.length > 0 && clean.length <= 200 && !/[<>]/.test(clean) && !hasControlCharacters(clean)
    ? clean
    : fallback;
}
