import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS, VENDOR_CONTACT_EMAIL } from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { deferred, json, mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const signedInApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    'GET auth/me': { body: { data: buildUser() } },
    ...extra,
  });

async function fillCredentials(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/^Email or Username/), 'casey@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  return user;
}

describe('Sign In page', () => {
  it('has the title, Forgot Password and (outside production) Register links', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(document.title).toMatch(/^Sign In/);
    // docs/product.md §8 help text on the page itself, not only under the security code.
    expect(screen.getByText(/Contact the vendor at/)).toHaveTextContent(
      `Trouble signing in? Contact the vendor at ${VENDOR_CONTACT_EMAIL}.`,
    );
    expect(screen.getByRole('link', { name: VENDOR_CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${VENDOR_CONTACT_EMAIL}`,
    );
  });

  it('shows required messages only once a field is touched', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/login');
    const username = await screen.findByLabelText(/^Email or Username/);
    expect(screen.queryByText('Email or Username is a required field')).not.toBeInTheDocument();

    await user.click(username);
    await user.tab(); // leaves the field empty: now it is touched
    expect(await screen.findByText('Email or Username is a required field')).toBeInTheDocument();
    expect(screen.queryByText('Password is a required field')).not.toBeInTheDocument();

    await user.type(username, 'casey');
    await waitFor(() =>
      expect(screen.queryByText('Email or Username is a required field')).not.toBeInTheDocument(),
    );
  });

  it("says 'Your session expired.' when sent here with status=401", async () => {
    mockApi({});
    renderApp('/login?status=401');
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeInTheDocument();
  });

  it('shows a loading button while the request is in flight, then the server message in a red box', async () => {
    const reply = deferred(() => json(401, { message: MESSAGES.invalidCredentials }));
    mockApi({ 'POST auth/login': () => reply.promise });
    renderApp('/login');
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('data-loading'),
    );
    reply.release();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(screen.getByRole('button', { name: 'Sign In' })).not.toHaveAttribute('data-loading');
  });

  it('shows the throttling message of a 429', async () => {
    mockApi({ 'POST auth/login': { status: 429, body: { message: MESSAGES.tooManyAttempts } } });
    renderApp('/login');
    const user = await fillCredentials();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyAttempts);
  });

  it('asks for the mailed security code on 202 and finishes with two-fa/verify', async () => {
    const session = buildSession(buildUser());
    const http = signedInApi({
      'POST auth/login': {
        status: 202,
        body: { data: { secret: 's-1', message: MESSAGES.securityCodeSent } },
      },
      'POST two-fa/verify': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { data: session } }
          : {
              status: 422,
              body: {
                message: 'Bad code',
                errors: { code: ['The security code is invalid or has expired.'] },
              },
            },
    });
    renderApp('/login');
    const user = await fillCredentials();
    await user.keyboard('{Enter}');

    const code = await screen.findByLabelText(/^Security code/);
    expect(screen.getByText(MESSAGES.securityCodeSent)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.securityCodeHelp(VENDOR_CONTACT_EMAIL))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Security code is a required field')).toBeInTheDocument();
    await user.type(code, '000000{Enter}');
    // two-fa/verify names the field `code`: the message shows under the Security code field.
    expect(await screen.findByText('The security code is invalid or has expired.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    await screen.findByRole('heading', { name: 'Applications' });
    expect(http.calls('POST auth/login').map((c) => c.body)).toEqual([
      { username: 'casey@example.com', password: 'secret-pass' },
    ]);
    expect(http.calls('POST two-fa/verify').map((c) => c.body)).toEqual([
      { code: '000000', secret: 's-1' },
      { code: '123456', secret: 's-1' },
    ]);
  });

  it('says where the code went: to the email and to the phone ending in its last two digits', async () => {
    signedInApi({
      'POST auth/login': {
        status: 202,
        body: { data: { secret: 's-2', message: MESSAGES.securityCodeSentToEmailAndPhone('23') } },
      },
    });
    renderApp('/login');
    const user = await fillCredentials();
    await user.keyboard('{Enter}');
    await screen.findByLabelText(/^Security code/);
    expect(
      screen.getByText(
        'We sent a security code to your email and to the phone ending 23. It expires in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.securityCodeSent)).not.toBeInTheDocument();
  });

  it('a one-time code Live Dispatch asks for (202 without secret) is resubmitted as authKey', async () => {
    const session = buildSession(buildUser());
    const http = signedInApi({
      'POST auth/login': ({ body }) =>
        (body as { authKey?: string }).authKey
          ? { status: 201, body: { data: session } }
          : {
              status: 202,
              body: { data: { message: 'Enter the one-time code Live Dispatch sent to your phone.' } },
            },
    });
    renderApp('/login');
    const user = await fillCredentials();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Enter the one-time code Live Dispatch sent to your phone.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Security code/), '4242{Enter}');

    await screen.findByRole('heading', { name: 'Applications' });
    expect(http.calls('POST auth/login').map((c) => c.body)).toEqual([
      { username: 'casey@example.com', password: 'secret-pass' },
      { username: 'casey@example.com', password: 'secret-pass', authKey: '4242' },
    ]);
  });

  it('stores the session and goes to the dashboard after a successful sign-in', async () => {
    const session = buildSession(buildUser(), 'token-xyz');
    signedInApi({ 'POST auth/login': { body: { data: session } } });
    const { router } = renderApp('/login');
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { name: 'Applications' });
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('token-xyz');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      id: session.user.id,
    });
  });

  it('goes to NS BI reports when the user has the NSBI flag', async () => {
    const session = buildSession(buildUser({ nsbi: true }));
    signedInApi({
      'POST auth/login': { body: { data: session } },
      'GET auth/me': { body: { data: session.user } },
    });
    const { router } = renderApp('/login');
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nsbi'));
    expect(sessionStorage.getItem(STORAGE_KEYS.nsbi)).toBe('1');
  });
});
