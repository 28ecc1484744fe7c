import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

describe('logout', () => {
  it('revokes the token, clears session storage but keeps the NSBI flag, and goes to sign-in', async () => {
    const user = buildUser({ nsbi: true });
    signIn(user);
    const http = mockApi({
      'POST auth/logout': { status: 204 },
      'GET auth/me': { body: { data: user } },
      'GET system-settings': { body: { data: [] } },
    });
    const { router } = renderApp('/');
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: /Account menu/ }));
    await events.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(http.calls('POST auth/logout')).toHaveLength(1);
    expect(http.calls('POST auth/logout')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(Object.keys(sessionStorage)).toEqual([STORAGE_KEYS.nsbi]);
    expect(screen.getByTestId('logo-nsbi')).toBeInTheDocument();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    signIn(buildUser());
    mockApi({ 'POST auth/logout': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
