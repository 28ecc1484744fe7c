import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MESSAGES, passwordResetFormSchema } from '@portal/contract';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { routes } from '../../shared/routes';
import { showToast } from '../../shared/ui/toast';
import { resetPassword } from './api/passwords';
import { AuthCard } from './components/auth-card';
import { FormError } from '../../shared/forms/form-error';
import { NewPasswordFields } from './components/new-password-fields';

/** /reset-password?token=… (docs/product.md §2 Reset password): a new password through the mailed link. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(passwordResetFormSchema, {
    email: '',
    password: '',
    password_confirmation: '',
  });

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const message = await resetPassword({ ...values, token });
      showToast({ color: 'green', message });
      void navigate(routes.login, { replace: true });
    } catch (error) {
      // A bad, used or expired link comes back as a 422 on `email` (link and address are checked
      // together) and shows under that field; errors on fields we do not show go inline.
      setFormError(form.applyServerErrors(error));
    }
  });

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={onSubmit} noValidate aria-label="Reset Password">
        <Stack gap="md">
          <FormError message={token ? formError : PASSWORD_MESSAGES.resetLinkIncomplete} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            autoFocus
            {...form.getInputProps('email')}
          />
          <NewPasswordFields inputProps={form.getInputProps} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={routes.login}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting} disabled={!token}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
