import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { deferred, json, mockApi } from '../../test/fetch-mock';
import { setApiHooks } from '../../shared/api/api-hooks';
import { captureHandOffToken } from '../../shared/session/hand-off-token';
import { renderApp, signIn } from '../../test/render';

describe('External login page', () => {
  it("says 'No token provided.' and goes to Sign In without a token", async () => {
    const api = mockApi({});
    renderApp('/ext-login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.noToken)).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('ends the current session, then signs in with the token and opens the dashboard', async () => {
    signIn(buildUser({ id: 3, name: 'Old User' }));
    const ext = buildUser({ id: 9, name: 'Ext User' });
    const reply = deferred(() => json(200, { data: buildSession(ext, 'ext-token') }));
    const api = mockApi({
      'POST auth/logout': { status: 204 },
      'GET auth/external-login': () => reply.promise,
      'GET auth/me': { body: { data: ext } },
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    });
    renderApp('/ext-login?token=hand-off-1');
    expect(await screen.findByText(MESSAGES.pleaseWait)).toBeInTheDocument();
    reply.release();
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(api.calls('POST auth/logout')).toHaveLength(1);
    expect(api.calls('GET auth/external-login')[0]?.url.searchParams.get('token')).toBe('hand-off-1');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('ext-token');
  });

  it('on failure says so and goes to Sign In (not "Your session expired.")', async () => {
    mockApi({
      'GET auth/external-login': { status: 401, body: { message: MESSAGES.externalLoginFailed } },
    });
    renderApp('/ext-login?token=bad');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.externalLoginFailed)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });

  it('uses the token main.tsx took out of the address bar on load', async () => {
    window.history.replaceState(null, '', '/ext-login?token=captured-1');
    captureHandOffToken();
    const api = mockApi({
      'POST auth/logout': { status: 204 },
      'GET auth/external-login': { body: { data: buildSession(buildUser(), 'ext-token') } },
      'GET auth/me': { body: { data: buildUser() } },
      'GET system-settings': { body: { data: [] } },
      'GET linked-apps': { body: { data: [] } },
    });
    renderApp('/ext-login');
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(api.calls('GET auth/external-login')[0]?.url.searchParams.get('token')).toBe('captured-1');
    expect(window.location.search).toBe('');
  });

  it('LD or TS down (502): the server’s message is toasted, and the visitor goes to Sign In', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onServerError = vi.fn();
    setApiHooks({ onServerError });
    mockApi({
      'GET auth/external-login': {
        status: 502,
        body: { message: 'Live Dispatch is not available right now. Please try again later.' },
      },
    });
    renderApp('/ext-login?token=t-1');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(onServerError).toHaveBeenCalledWith(
      'Live Dispatch is not available right now. Please try again later.',
      expect.anything(),
    );
    expect(screen.queryByText(MESSAGES.externalLoginFailed)).not.toBeInTheDocument();
  });
});
