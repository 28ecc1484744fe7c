import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SSO_MESSAGES, STORAGE_KEYS } from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

describe('Single sign-on on the sign-in page', () => {
  it('offers "Continue with {provider}" once the typed email has a provider, and starts there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      'GET auth/sso/lookup': { body: { data: { id: 4, name: 'Acme SSO' } } },
      'POST auth/sso/start': {
        body: { data: { url: 'https://idp.acme.test/auth?x=1', attempt: 'tab-secret' } },
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email or Username/), 'casey.username');
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Email or Username/));
    await user.type(screen.getByLabelText(/^Email or Username/), 'casey@acme.test');
    const button = await screen.findByRole('button', { name: SSO_MESSAGES.continueWith('Acme SSO') });
    // Debounced: one lookup for the finished email, none for the username.
    expect(api.calls('GET auth/sso/lookup').map((c) => c.url.searchParams.get('email'))).toEqual([
      'casey@acme.test',
    ]);
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.acme.test/auth?x=1'));
    expect(api.calls('POST auth/sso/start')[0]?.body).toEqual({ provider_id: 4 });
    expect(sessionStorage.getItem('portal.sso.attempt')).toBe('tab-secret');
    vi.unstubAllGlobals();
  });

  it('at another address than the portal’s own, says where single sign-on works instead of leaving', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    mockApi({
      'GET auth/sso/lookup': { body: { data: { id: 4, name: 'Acme SSO' } } },
      'POST auth/sso/start': {
        body: {
          data: {
            url: 'https://idp.acme.test/auth?redirect_uri=https%3A%2F%2Fportal.acme.test%2Fsso%2Fcallback',
            attempt: 'tab-secret',
          },
        },
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email or Username/), 'casey@acme.test');
    await user.click(await screen.findByRole('button', { name: SSO_MESSAGES.continueWith('Acme SSO') }));
    expect(
      await screen.findByText(SSO_MESSAGES.wrongAddress('https://portal.acme.test')),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('portal.sso.attempt')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('/sso/callback posts the provider answer with the tab secret and opens the dashboard', async () => {
    sessionStorage.setItem('portal.sso.attempt', 'tab-secret');
    const me = buildUser({ id: 7, name: 'Alex' });
    const api = mockApi({
      'POST auth/sso/callback': { body: { data: buildSession(me, 'sso-token') } },
      'GET auth/me': { body: { data: me } },
      'GET system-settings': { body: { data: [] } },
      'GET linked-apps': { body: { data: [] } },
    });
    renderApp('/sso/callback?code=c1&state=s1&iss=https%3A%2F%2Fidp.test');
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(api.calls('POST auth/sso/callback')[0]?.body).toEqual({
      attempt: 'tab-secret',
      state: 's1',
      code: 'c1',
      iss: 'https://idp.test',
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('sso-token');
    expect(sessionStorage.getItem('portal.sso.attempt')).toBeNull();
  });

  it('/sso/callback shows a refusal with its reason and a way back', async () => {
    sessionStorage.setItem('portal.sso.attempt', 'tab-secret');
    mockApi({ 'POST auth/sso/callback': { status: 401, body: { message: SSO_MESSAGES.emailNotVerified } } });
    const { router } = renderApp('/sso/callback?code=c1&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.emailNotVerified);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeInTheDocument();
    // The spent code and state are gone from the address bar.
    expect(router.state.location).toMatchObject({ pathname: '/sso/callback', search: '' });
  });

  it('/sso/callback without this tab’s attempt says it expired and asks nothing', async () => {
    const api = mockApi({});
    renderApp('/sso/callback?code=c1&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.attemptInvalid);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
