import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { json, mockApi } from '../../test/fetch-mock';
import { saveSession } from '../session/session-store';
import { api, apiRequest } from './api-client';
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

const signedIn = () => {
  saveSession(buildSession(buildUser({ nsbi: true }), 'token-A'));
  // The refresh token is removed unless a test wants renewal.
  sessionStorage.removeItem(STORAGE_KEYS.refreshToken);
};

describe('api client', () => {
  it('calls /api/v1.0 with JSON and the Bearer token, and unwraps {data}', async () => {
    signedIn();
    const http = mockApi({
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    });
    await expect(api.get('system-settings')).resolves.toEqual([{ key: 'maintenance_mode', value: '0' }]);
    expect(http.fetch.mock.calls[0]?.[0]).toBe('/api/v1.0/system-settings');
    expect(http.calls('GET system-settings')[0]?.headers.get('Authorization')).toBe('Bearer token-A');
  });

  it('a 401 on a call made with a token ends the session: storage cleared (NSBI flag kept), handler called', async () => {
    signedIn();
    mockApi({ 'GET auth/me': { status: 401, body: { message: MESSAGES.unauthenticated } } });
    await expect(api.get('auth/me')).rejects.toMatchObject({ status: 401 });
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
    await expect(api.get('auth/me')).rejects.toBeInstanceOf(ApiError);
    signedIn();
    await expect(apiRequest('auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
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
    await Promise.all([api.get('auth/me'), api.get('auth/me')]);
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
    await expect(api.get('auth/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reports a 5xx to the server-error hook with the message extracted in SPEC order', async () => {
    signedIn();
    mockApi({
      'GET roles': { status: 503, statusText: 'Service Unavailable', body: { message: 'Down for a moment' } },
      'GET system-settings': { status: 502, statusText: 'Bad Gateway', body: {} },
      'GET users': { status: 500, body: { error: 'Boom', message: 'Ignored' } },
    });
    await expect(api.get('roles')).rejects.toMatchObject({ status: 503 });
    await expect(api.get('system-settings')).rejects.toMatchObject({ status: 502 });
    await expect(api.get('users')).rejects.toMatchObject({ status: 500 });
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
    await expect(api.get('roles')).rejects.toMatchObject({ status: 0, message: MESSAGES.serviceUnavailable });
    expect(onServerError).toHaveBeenCalledWith(MESSAGES.serviceUnavailable, expect.any(ApiError));
  });

  it('returns other 4xx to the caller with field errors and no global reaction', async () => {
    signedIn();
    const errors = { authKey: ['The security code is invalid.'] };
    mockApi({ 'POST users': json(422, { message: MESSAGES.validationFailed, errors }) });
    const error = await api.post('users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('authKey')).toBe('The security code is invalid.');
    expect(onServerError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
