import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@portal/contract';
import { deferred, json, mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const SENT = 'If an account exists for that email, we have sent a password reset link.';

describe('Forgot Password page', () => {
  it('shows the text, validates the email and shows the server message after sending', async () => {
    const reply = deferred(() => json(200, { data: { message: SENT } }));
    const api = mockApi({ 'POST passwords/forgot': () => reply.promise });
    const user = userEvent.setup();
    renderApp('/forgot-password');

    expect(
      await screen.findByText('Please enter your email. We will send you a reset link.'),
    ).toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'nope');
    await user.tab();
    expect(await screen.findByText('Email must be a valid email')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send Reset Link' })).toHaveAttribute('data-loading'),
    );
    reply.release();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.calls('POST passwords/forgot')[0]?.body).toEqual({ email: 'someone@example.com' });
  });

  it('shows the same UI for any email, and a 429 inline', async () => {
    let calls = 0;
    mockApi({
      'POST passwords/forgot': () =>
        ++calls < 3
          ? { body: { data: { message: SENT } } }
          : { status: 429, body: { message: 'Too many reset requests. Please try again later.' } },
    });
    const user = userEvent.setup();
    renderApp('/forgot-password');
    const email = await screen.findByLabelText(/^Email/);
    const send = async (address: string) => {
      await user.clear(email);
      await user.type(email, address);
      await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    };
    await send('known@example.com');
    const first = (await screen.findByRole('status')).textContent;
    await send('unknown@example.com');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(first));
    await send('third@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Please try again later.',
    );
  });
});

describe('Reset Password page', () => {
  it('applies the docs/product.md §5 rules', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/reset-password?token=t-1');
    await user.type(await screen.findByLabelText(/^Email/), 'casey@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(VALIDATION.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.passwordsMustMatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'a'.repeat(16));
    expect(await screen.findByText(VALIDATION.passwordTooLong)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm password/));
    expect(await screen.findByText('Confirm password is a required field')).toBeInTheDocument();
  });

  it('sends the token, shows the server message and goes to Sign In', async () => {
    const done = 'Your password has been reset. You can now sign in with your new password.';
    const api = mockApi({ 'POST passwords/reset': { body: { data: { message: done } } } });
    const user = userEvent.setup();
    renderApp('/reset-password?token=t-1');
    await user.type(await screen.findByLabelText(/^Email/), 'casey@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'new-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'new-pass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.calls('POST passwords/reset')[0]?.body).toEqual({
      token: 't-1',
      email: 'casey@example.com',
      password: 'new-pass1',
      password_confirmation: 'new-pass1',
    });
  });

  it('shows a bad token inline and field errors under the fields', async () => {
    let call = 0;
    mockApi({
      'POST passwords/reset': () =>
        ++call === 1
          ? {
              status: 422,
              body: {
                message: 'This password reset link is invalid or has expired.',
                errors: { token: ['This password reset link is invalid or has expired.'] },
              },
            }
          : {
              status: 422,
              body: {
                message: 'The given data was invalid.',
                errors: { email: ['We can not find that email.'] },
              },
            },
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=t-1');
    await user.type(await screen.findByLabelText(/^Email/), 'casey@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'new-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'new-pass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('We can not find that email.')).toBeInTheDocument();
  });

  it('Cancel goes to Sign In', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/reset-password?token=t-1');
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
