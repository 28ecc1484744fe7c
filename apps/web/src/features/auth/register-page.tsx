import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { MESSAGES, signUpSchema } from '@portal/contract';
import { isProduction } from '../../shared/config/env';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { routes } from '../../shared/routes';
import { saveSession } from '../../shared/session/session-store';
import { showToast } from '../../shared/ui/toast';
import { signUp } from './api/sign-up';
import { AuthCard } from './components/auth-card';
import { FormError } from '../../shared/forms/form-error';
import { NewPasswordFields } from './components/new-password-fields';

/** /register (docs/product.md §2 Register): outside production only; signs the new user in. */
export function RegisterPage() {
  if (isProduction) return <Navigate to={routes.notFound} replace />;
  return <RegisterForm />;
}

function RegisterForm() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(signUpSchema, {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
  });

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      saveSession(await signUp(values));
      showToast({ color: 'green', message: MESSAGES.signUpSuccess });
      void navigate(routes.dashboard, { replace: true });
    } catch (error) {
      setFormError(form.applyServerErrors(error));
    }
  });

  return (
    <AuthCard title="Register" intro="Create your portal account.">
      <form onSubmit={onSubmit} noValidate aria-label="Register">
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput
            label="Full name"
            autoComplete="name"
            withAsterisk
            autoFocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <NewPasswordFields inputProps={form.getInputProps} />
          <Button type="submit" fullWidth size="md" loading={form.submitting}>
            Register
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to={routes.login} fw={500}>
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
