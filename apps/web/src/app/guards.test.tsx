import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { buildSession, buildUser } from '../test/builders';
import { mockApi } from '../test/fetch-mock';
import { renderApp, signIn } from '../test/render';

const appApi = (user = buildUser(), extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET auth/me': { body: { data: user } },
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    ...extra,
  });

describe('route guards', () => {
  it('sends a visitor to sign-in, then back to where they were going', async () => {
    const user = buildUser();
    appApi(user, { 'POST auth/login': { body: { data: buildSession(user) } } });
    const { router } = renderApp('/settings?tab=1');

    const username = await screen.findByLabelText(/^Email or Username/);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/settings', search: '?tab=1', hash: '' },
    });

    const events = userEvent.setup();
    await events.type(username, 'casey');
    await events.type(screen.getByLabelText(/^Password/), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('sends a user lacking the role to the forbidden page', async () => {
    const customer = buildUser({ as: 'customer' });
    signIn(customer);
    appApi(customer);
    const { router } = renderApp('/admin/users');
    expect(await screen.findByText(MESSAGES.forbiddenPage)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log In with another account' })).toHaveAttribute(
      'href',
      '/logout',
    );
  });

  it('lets an admin in, and a developer into Developer Resources only', async () => {
    const developer = buildUser({ as: 'developer' });
    signIn(developer);
    appApi(developer);
    const { router } = renderApp('/dev-resources/hardware/gen3-gen4-specs');
    expect(await screen.findByRole('heading', { name: 'Gen 3/Gen4 Specs' })).toBeInTheDocument();
    await router.navigate('/admin/users');
    expect(await screen.findByText(MESSAGES.forbiddenPage)).toBeInTheDocument();
  });

  it('needs the NSBI flag for NS BI', async () => {
    const user = buildUser({ nsbi: false });
    signIn(user);
    appApi(user);
    renderApp('/nsbi');
    expect(await screen.findByText(MESSAGES.forbiddenPage)).toBeInTheDocument();
  });

  it('shows the not-found page for the literal /dashboard and unknown paths', async () => {
    mockApi({});
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    await router.navigate('/no/such/page');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
  });

  it('sends a signed-in user from sign-in to the dashboard unless state allows it', async () => {
    const user = buildUser();
    signIn(user);
    appApi(user);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    await router.navigate('/login', { state: { allow: true } });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('enters mobile mode from /login?target=mobile-app, even when already signed in', async () => {
    const user = buildUser();
    signIn(user);
    appApi(user);
    renderApp('/login?target=mobile-app');
    // Mobile mode: the dashboard without sidebar and without the page title bar.
    expect(await screen.findByRole('group', { name: 'Tattle Systems' })).toBeInTheDocument();
    expect(sessionStorage.getItem('mobile_view')).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Applications' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Applications/);
  });
});

describe('ended session', () => {
  it("goes to sign-in with 'Your session expired.' when the token is refused and cannot be renewed", async () => {
    signIn(buildUser());
    mockApi({
      'GET auth/me': { status: 401, body: { message: MESSAGES.unauthenticated } },
      'POST auth/refresh': { status: 401, body: { message: MESSAGES.unauthenticated } },
    });
    const { router } = renderApp('/profile');
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?status=401');
    expect(router.state.location.state).toEqual({ from: { pathname: '/profile', search: '', hash: '' } });
  });
});
