import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  VALIDATION,
  required,
  signUpSchema,
  userFormSchema,
  type SignUpRequest,
} from '@portal/contract';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../api/api-error';
import { userFormDefaults } from '../users/user-form/form-values';
import { FormError } from './form-error';
import { useSchemaForm } from './use-schema-form';

function SignUpForm({ onSubmit }: { onSubmit: (values: SignUpRequest) => void }) {
  const form = useSchemaForm(signUpSchema, { name: '', email: '', password: '', password_confirmation: '' });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <TextInput label="Full name" {...form.getInputProps('name')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <TextInput label="Password" {...form.getInputProps('password')} />
      <TextInput label="Confirm password" {...form.getInputProps('password_confirmation')} />
      <Button type="submit">Register</Button>
    </form>
  );
}

function EditUserPasswords() {
  const form = useSchemaForm(userFormSchema('edit'), userFormDefaults(null));
  return (
    <form noValidate>
      <TextInput label="Password" {...form.getInputProps('password')} />
      <TextInput label="Confirm password" {...form.getInputProps('password_confirmation')} />
    </form>
  );
}

describe('useSchemaForm (docs/product.md §5 form behaviour)', () => {
  it('shows a message a press caused only once the press is over, so its click lands', async () => {
    renderWithProviders(
      <>
        <SignUpForm onSubmit={vi.fn()} />
        <a href="#login">Sign In</a>
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    const link = screen.getByRole('link', { name: 'Sign In' });
    // Press on the link: the email field loses focus, but its message must not move the link yet.
    await user.pointer({ keys: '[MouseLeft>]', target: link });
    expect(screen.getByLabelText('Email')).not.toHaveFocus();
    expect(screen.queryByText(VALIDATION.invalidEmail('Email'))).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: link });
    expect(await screen.findByText(VALIDATION.invalidEmail('Email'))).toBeInTheDocument();
  });

  it('re-checks a field whose rule depends on another when that one changes', async () => {
    renderWithProviders(<EditUserPasswords />);
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret12');
    await user.click(screen.getByLabelText('Confirm password'));
    await user.tab();
    expect(await screen.findByText(required('Confirm password'))).toBeInTheDocument();
    // On edit an empty password needs no confirmation: the message goes with the password.
    await user.clear(password);
    await waitFor(() => expect(screen.queryByText(required('Confirm password'))).not.toBeInTheDocument());
  });

  it('shows a field’s message only once the field has been left, then on every change', async () => {
    renderWithProviders(<SignUpForm onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');

    await user.type(email, 'nope');
    expect(screen.queryByText(VALIDATION.invalidEmail('Email'))).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(VALIDATION.invalidEmail('Email'))).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Only the field left shows its message; the one focused next has not been left yet.
    expect(screen.queryByText(required('Password'))).not.toBeInTheDocument();

    await user.clear(email);
    expect(await screen.findByText(required('Email'))).toBeInTheDocument();
    await user.type(email, 'nora@example.com');
    await waitFor(() => expect(screen.queryByText(required('Email'))).not.toBeInTheDocument());
  });

  it('a failed submit shows every message and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Nora');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(required('Email'))).toBeInTheDocument();
    expect(screen.getByText(required('Password'))).toBeInTheDocument();
    expect(screen.getByText(required('Confirm password'))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the schema’s output (trimmed) and names the inputs for autofill', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');

    await user.type(screen.getByLabelText('Full name'), '  Nora New ');
    await user.type(screen.getByLabelText('Email'), ' nora@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret12{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        {
          name: 'Nora New',
          email: 'nora@example.com',
          password: 'secret12',
          password_confirmation: 'secret12',
        },
        expect.anything(),
      ),
    );
  });

  describe('applyServerErrors', () => {
    /** A Register form whose submit always fails with `error`. */
    function FailingForm({ error }: { error: unknown }) {
      const [inline, setInline] = useState<string | null>(null);
      const form = useSchemaForm(signUpSchema, {
        name: 'Nora',
        email: 'nora@example.com',
        password: 'secret12',
        password_confirmation: 'secret12',
      });
      return (
        <form
          noValidate
          onSubmit={form.onSubmit(() => {
            setInline(form.applyServerErrors(error));
          })}
        >
          <FormError message={inline} />
          <TextInput label="Full name" {...form.getInputProps('name')} />
          <TextInput label="Email" {...form.getInputProps('email')} />
          <Button type="submit">Register</Button>
        </form>
      );
    }
    const taken = 'The email has already been taken.';

    it('keeps a 422 message under its field, focused, until the value changes (a blur does not wipe it)', async () => {
      const error = new ApiError(422, MESSAGES.validationFailed, { email: [taken] });
      renderWithProviders(<FailingForm error={error} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText(taken)).toBeInTheDocument();
      const email = screen.getByLabelText('Email');
      expect(email).toHaveFocus();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await user.tab(); // leaving the field re-validates it on the client: still taken
      expect(screen.getByText(taken)).toBeInTheDocument();
      await user.type(email, 'x');
      await waitFor(() => expect(screen.queryByText(taken)).not.toBeInTheDocument());
    });

    it('says inline what no field takes, and the message of an answer without field errors', async () => {
      const { unmount } = renderWithProviders(
        <FailingForm error={new ApiError(422, 'Invalid link.', { token: ['This link has expired.'] })} />,
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
      unmount();

      renderWithProviders(<FailingForm error={new ApiError(429, 'Too many attempts.')} />);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
    });

    it('says the generic message for a failure that is not an API answer', async () => {
      renderWithProviders(<FailingForm error={new TypeError('boom')} />);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.serverError);
    });
  });
});
