import type * as z from 'zod/mini';
import { clearSession, getAccessToken } from '../session/session-store';
import { ApiError } from './api-error';
import { getApiHooks } from './api-hooks';
import { http, type HttpRequest } from './http';
import { refreshSession } from './refresh-session';

/**
 * Calls that answer 401 with a message of their own (wrong credentials, bad hand-off token) or that
 * end the session anyway: their 401 is the caller's business, not "your session expired".
 */
const OWN_401_PATHS = [
  'auth/login',
  'auth/external-login',
  'auth/sso/callback',
  'two-fa/verify',
  'auth/logout',
  'auth/refresh',
];
const ownsUnauthorized = (path: string) => OWN_401_PATHS.some((p) => path.replace(/^\//, '').startsWith(p));

export type ApiRequest<S extends z.ZodMiniType> = Omit<HttpRequest<S>, 'token'> & {
  /** Send the portal token (default). Sign-in calls pass false. */
  auth?: boolean;
  /** The caller shows its own message for a 5xx too (e.g. unlink's warning toast): no global toast. */
  quiet?: boolean;
};

function endSession() {
  clearSession('expired');
  getApiHooks().onUnauthorized?.();
}

function reportServerError(error: unknown) {
  if (!(error instanceof ApiError) || !error.isServerError) return;
  console.error(`API ${error.status || 'network'} error: ${error.message}`, error.body);
  getApiHooks().onServerError?.(error.message, error);
}

/** A call whose 401 may be rescued by renewing the session once, then retrying with the new token. */
async function withSessionRenewal<S extends z.ZodMiniType>(
  path: string,
  request: ApiRequest<S>,
  token: string,
) {
  try {
    return await http(path, { ...request, token });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // Another call may have renewed the session meanwhile: then just retry with the newer token.
    const current = getAccessToken();
    const renewed = current !== null && current !== token ? true : await refreshSession();
    const next = renewed ? getAccessToken() : null;
    if (!next) throw error;
    return await http(path, { ...request, token: next });
  }
}

/**
 * The one way the web app calls the portal API. The answer is always parsed with the call's
 * contract schema (`schema`, the whole body: `dataOf(userSchema)`, `pagedUsersSchema`, `z.null()`
 * for a 204...), and docs/product.md §8's global rules apply: a 401 on a call made with a portal token ends
 * the session (after one renewal attempt); 5xx and network errors are logged and reported; every
 * other error is thrown to the caller untouched.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  request: ApiRequest<S>,
): Promise<z.output<S>> {
  const token = request.auth === false ? null : getAccessToken();
  try {
    if (!token || ownsUnauthorized(path)) return await http(path, { ...request, token });
    return await withSessionRenewal(path, request, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token && !ownsUnauthorized(path)) endSession();
    else if (!request.quiet) reportServerError(error);
    throw error;
  }
}
