import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@portal/contract';
import { buildSession, buildUser } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

async function fillForm(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/^Full name/), 'Nora New');
  await user.type(screen.getByLabelText(/^Email/), 'nora@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret12');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret12');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

describe('Register page', () => {
  it('signs the new user in, says so (spelling as in the product) and opens the dashboard', async () => {
    const nora = buildUser({ id: 41, name: 'Nora New', email: 'nora@example.com' });
    const api = mockApi({
      'POST auth/signup': { status: 201, body: { data: buildSession(nora, 'nora-token') } },
      'GET auth/me': { body: { data: nora } },
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    });
    renderApp('/register');
    await fillForm();
    expect(await screen.findByText(MESSAGES.signUpSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('nora-token');
    expect(api.calls('POST auth/signup')[0]?.body).toEqual({
      name: 'Nora New',
      email: 'nora@example.com',
      password: 'secret12',
      password_confirmation: 'secret12',
    });
  });

  it('shows 422 errors under the fields', async () => {
    mockApi({
      'POST auth/signup': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { email: ['The email has already been taken.'] },
        },
      },
    });
    renderApp('/register');
    await fillForm();
    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('has a link to Sign In and the required-field rules', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Email is a required field')).toBeInTheDocument();
    expect(screen.getByText('Password is a required field')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is a required field')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});
