import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordRequest } from '@portal/contract';
import { routes } from '../../shared/routes';
import { requestPasswordReset } from './api/passwords';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';
import { applyServerErrors } from './components/server-errors';

/** /forgot-password (SPEC §2 Forgot password): asks for a reset link by email. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  // Cancel goes back; opened directly (a first history entry has key 'default'), back means Sign In.
  const canGoBack = useLocation().key !== 'default';
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      setSent(await requestPasswordReset(values));
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], setError));
    }
  });

  return (
    <AuthCard title="Forgot Password" intro="Please enter your email. We will send you a reset link.">
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
            error={touchedFields.email || isSubmitted ? errors.email?.message : undefined}
            {...register('email')}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => void (canGoBack ? navigate(-1) : navigate(routes.login))}
            >
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Send Reset Link
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
