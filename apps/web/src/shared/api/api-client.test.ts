import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  MESSAGES,
  STORAGE_KEYS,
  dataOf,
  sessionSchema,
  systemSettingSchema,
  userSchema,
} from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { json, mockApi } from '../../test/fetch-mock';
import { saveSession } from '../session/session-store';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { setApiHooks } from './api-hooks';

const onUnauthorized = vi.fn();
const onServerError = vi.fn();
let unhook = () => {};

beforeEach(() => {
  unhook = setApiHooks({ onUnauthorized, onServerError });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  unhook();
  onUnauthorized.mockReset();
  onServerError.mockReset();
});

/** Calls the tests make: the schema is part of every call, as in the app. */
const getMe = () => apiRequest('auth/me', { schema: dataOf(userSchema) });
const getAny = (path: string) => apiRequest(path, { schema: z.unknown() });

const signedIn = () => {
  saveSession(buildSession(buildUser({ nsbi: true }), 'token-A'));
  // The refresh token is removed unless a test wants renewal.
  sessionStorage.removeItem(STORAGE_KEYS.refreshToken);
};

describe('api client', () => {
  it('calls /api/v1.0 with JSON and the Bearer token, and answers the body parsed by its schema', async () => {
    signedIn();
    const http = mockApi({
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    });
    await expect(
      apiRequest('system-settings', { schema: dataOf(z.array(systemSettingSchema)) }),
    ).resolves.toEqual({ data: [{ key: 'maintenance_mode', value: '0' }] });
    expect(http.fetch.mock.calls[0]?.[0]).toBe('/api/v1.0/system-settings');
    expect(http.calls('GET system-settings')[0]?.headers.get('Authorization')).toBe('Bearer token-A');
  });

  it('a 401 on a call made with a token ends the session: storage cleared (NSBI flag kept), handler called', async () => {
    signedIn();
    mockApi({ 'GET auth/me': { status: 401, body: { message: MESSAGES.unauthenticated } } });
    await expect(getMe()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.nsbi)).toBe('1');
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('a 401 without a token, or from sign-in, is left to the caller', async () => {
    mockApi({
      'GET auth/me': { status: 401, body: { message: MESSAGES.unauthenticated } },
      'POST auth/login': { status: 401, body: { message: MESSAGES.invalidCredentials } },
    });
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    signedIn();
    await expect(
      apiRequest('auth/login', { method: 'POST', body: {}, schema: dataOf(sessionSchema) }),
    ).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.invalidCredentials,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('token-A');
  });

  it('renews an expired access token once and retries, sharing one refresh between parallel calls', async () => {
    saveSession(buildSession(buildUser(), 'token-A'));
    const renewed = buildSession(buildUser(), 'token-B');
    const http = mockApi({
      'GET auth/me': ({ headers }) =>
        headers.get('Authorization') === 'Bearer token-B'
          ? { body: { data: renewed.user } }
          : { status: 401, body: { message: MESSAGES.unauthenticated } },
      'POST auth/refresh': { body: { data: renewed } },
    });
    await Promise.all([getMe(), getMe()]);
    expect(http.calls('POST auth/refresh')).toHaveLength(1);
    expect(http.calls('POST auth/refresh')[0]?.body).toEqual({ refresh_token: 'refresh-of-token-A' });
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('token-B');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session when the renewal is refused', async () => {
    saveSession(buildSession(buildUser(), 'token-A'));
    mockApi({
      'GET auth/me': { status: 401, body: { message: MESSAGES.unauthenticated } },
      'POST auth/refresh': { status: 401, body: { message: MESSAGES.unauthenticated } },
    });
    await expect(getMe()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reports a 5xx to the server-error hook with the message extracted in the order of docs/product.md §8', async () => {
    signedIn();
    mockApi({
      'GET roles': { status: 503, statusText: 'Service Unavailable', body: { message: 'Down for a moment' } },
      'GET system-settings': { status: 502, statusText: 'Bad Gateway', body: {} },
      'GET users': { status: 500, body: { error: 'Boom', message: 'Ignored' } },
    });
    await expect(getAny('roles')).rejects.toMatchObject({ status: 503 });
    await expect(getAny('system-settings')).rejects.toMatchObject({ status: 502 });
    await expect(getAny('users')).rejects.toMatchObject({ status: 500 });
    expect(onServerError.mock.calls.map(([message]) => message)).toEqual([
      'Down for a moment',
      'Bad Gateway',
      'Boom',
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as a server error with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getAny('roles')).rejects.toMatchObject({ status: 0, message: MESSAGES.serviceUnavailable });
    expect(onServerError).toHaveBeenCalledWith(MESSAGES.serviceUnavailable, expect.any(ApiError));
  });

  it('returns other 4xx to the caller with field errors and no global reaction', async () => {
    signedIn();
    const errors = { authKey: ['The security code is invalid.'] };
    mockApi({ 'POST users': json(422, { message: MESSAGES.validationFailed, errors }) });
    const error = await apiRequest('users', { method: 'POST', body: {}, schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('authKey')).toBe('The security code is invalid.');
    expect(onServerError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses an answer that does not match its schema: the caller never holds an unchecked body', async () => {
    signedIn();
    mockApi({ 'GET auth/me': { body: { data: { id: 'not a user' } } } });
    await expect(getMe()).rejects.toBeInstanceOf(z.core.$ZodError);
    // A contract mismatch is a bug to fix, not a server outage to toast or a session to end.
    expect(onServerError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('parses an empty answer (204) with its schema too', async () => {
    signedIn();
    mockApi({ 'DELETE files/3': { status: 204 } });
    await expect(apiRequest('files/3', { method: 'DELETE', schema: z.null() })).resolves.toBeNull();
  });
});
