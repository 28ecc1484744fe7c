import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_MESSAGES, forgotPasswordSchema } from '@portal/contract';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { routes } from '../../shared/routes';
import { requestPasswordReset } from './api/passwords';
import { AuthCard } from './components/auth-card';
import { FormError } from '../../shared/forms/form-error';

/** /forgot-password (docs/product.md §2 Forgot password): asks for a reset link by email. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  // Cancel goes back; opened directly (a first history entry has key 'default'), back means Sign In.
  const canGoBack = useLocation().key !== 'default';
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(forgotPasswordSchema, { email: '' });

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      setSent(await requestPasswordReset(values));
    } catch (error) {
      setFormError(form.applyServerErrors(error));
    }
  });

  return (
    <AuthCard title="Forgot Password" intro={PASSWORD_MESSAGES.forgotIntro}>
      <form onSubmit={onSubmit} noValidate aria-label="Forgot Password">
        <Stack gap="md">
          {sent && (
            <Alert color="green" variant="light" role="status" icon={<IconMailCheck size={18} aria-hidden />}>
              {sent}
            </Alert>
          )}
          <FormError message={formError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            autoFocus
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => void (canGoBack ? navigate(-1) : navigate(routes.login))}
            >
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Send Reset Link
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
