import type * as z from 'zod/mini';
import { API_PREFIX, MESSAGES } from '@portal/contract';
import { ApiError } from './api-error';
import { extractErrorMessage } from './extract-error-message';
import { traceRequest } from '../telemetry/request-tracer';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpRequest<S extends z.ZodMiniType> = {
  method?: HttpMethod;
  /** Sent as JSON; a FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Bearer token; none for the calls that create a session. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The answer's schema (from the contract): a 2xx body is parsed with it, so no caller ever holds
   * an unchecked body. An answer with no body (204) is `null`.
   */
  schema: S;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const raw = await response.text();
  if (!raw) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const errors =
    body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  return errors !== null && typeof errors === 'object' ? (errors as Record<string, string[]>) : {};
}

/**
 * One HTTP exchange with the portal API: JSON in and out, non-2xx turned into ApiError, a 2xx body
 * parsed with the call's schema (a body that does not match is a ZodError: a bug, not data).
 * Deliberately no session handling, redirects or toasts here (see api-client.ts).
 */
export async function http<S extends z.ZodMiniType>(
  path: string,
  request: HttpRequest<S>,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const multipart = request.body instanceof FormData;
  if (request.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  const method = request.method ?? 'GET';
  const traced = traceRequest(method, path);
  if (traced) Object.assign(headers, traced.headers);

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: multipart
        ? (request.body as FormData)
        : request.body === undefined
          ? undefined
          : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    traced?.end(0);
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, MESSAGES.serviceUnavailable, {}, null);
  }

  traced?.end(response.status);
  const body = await readBody(response);
  if (!response.ok) {
    const message = extractErrorMessage(body, response.statusText, MESSAGES.serverError);
    throw new ApiError(response.status, message, fieldErrorsOf(body), body);
  }
  return request.schema.parse(body);
}
