import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SignInForm } from './sign-in-form';

describe('SignInForm reuse (link-account modal)', () => {
  it("labels the username 'Username' for LD and hides the page links in a modal", async () => {
    const submit = vi.fn(async () => ({ kind: 'done' as const, value: 'linked' }));
    const onSuccess = vi.fn();
    renderWithProviders(<SignInForm app="ld" inModal submit={submit} onSuccess={onSuccess} />);
    const user = userEvent.setup();

    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is a required field')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Username/), 'ld.demo');
    await user.type(screen.getByLabelText(/^Password/), 'Dispatch#2024{Enter}');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('linked'));
    expect(submit).toHaveBeenCalledWith(
      { username: 'ld.demo', password: 'Dispatch#2024', authKey: '' },
      null,
    );
  });

  it("labels the username 'Email' for TS", () => {
    renderWithProviders(<SignInForm app="ts" inModal submit={vi.fn()} onSuccess={vi.fn()} />);
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email or Username/)).not.toBeInTheDocument();
  });
});
