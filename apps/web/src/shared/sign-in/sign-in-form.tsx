import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  MESSAGES,
  VENDOR_CONTACT_EMAIL,
  signInSchema,
  signInUsernameLabel,
  type LoginRequest,
} from '@portal/contract';
import { isProduction } from '../config/env';
import { FormError } from '../forms/form-error';
import { useSchemaForm } from '../forms/use-schema-form';
import { routes } from '../routes';
import type { CodeChallenge, SignInOutcome } from './types';

export type SignInFormProps<T> = {
  /** External app whose credentials are asked for: changes the username label (docs/product.md §5). */
  app?: 'ld' | 'ts';
  /** Inside the link-account modal: no Forgot Password or Register links (docs/product.md §2 Login). */
  inModal?: boolean;
  /**
   * Sends the credentials (portal sign-in, or linking an external account); after a 202, with the
   * challenge it answered, so the code goes where that challenge says.
   */
  submit: (values: LoginRequest, challenge: CodeChallenge | null) => Promise<SignInOutcome<T>>;
  onSuccess: (value: T) => void;
  /** Shown above the fields, e.g. "Your session expired." */
  notice?: ReactNode;
  submitLabel?: string;
  /** The username field's autocomplete: /login adds `webauthn` (passkeys in its suggestions). */
  usernameAutoComplete?: string;
  /** Shown under the button, from what is typed as the username (the sign-in page's single sign-on offer). */
  below?: (username: string) => ReactNode;
};

/** Form field of an API error key: two-fa/verify names the code `code`, auth/login `authKey`. */
const fieldOfErrorKey = (key: string): keyof LoginRequest | undefined =>
  key === 'code'
    ? 'authKey'
    : key === 'username' || key === 'password' || key === 'authKey'
      ? key
      : undefined;

export function SignInForm<T>({
  app,
  inModal = false,
  submit,
  onSuccess,
  notice,
  submitLabel = 'Sign In',
  usernameAutoComplete = 'username',
  below,
}: SignInFormProps<T>) {
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // Once the code is asked for, the schema requires it (docs/product.md §5); the form validates with the current one.
  const schema = useMemo(() => signInSchema({ app, needsCode: challenge !== null }), [app, challenge]);
  const form = useSchemaForm(schema, { username: '', password: '', authKey: '' });
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (challenge) codeInput.current?.focus();
  }, [challenge]);

  const onSubmit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const outcome = await submit(values, challenge);
      if (outcome.kind === 'code-required') {
        setChallenge({
          message: outcome.message || MESSAGES.securityCodeSent,
          secret: outcome.secret,
        });
        form.setFieldValue('authKey', '');
        return;
      }
      onSuccess(outcome.value);
    } catch (error) {
      // docs/product.md §4: any other answer shows its message here (5xx are also toasted by the global rule).
      setServerError(form.applyServerErrors(error, fieldOfErrorKey));
    }
  });

  const usernameLabel = signInUsernameLabel(app);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {notice}
        <FormError message={serverError} />
        <TextInput
          label={usernameLabel}
          autoComplete={usernameAutoComplete}
          withAsterisk
          autoFocus={!inModal}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        {challenge && (
          <>
            <Alert
              color="blue"
              variant="light"
              role="status"
              icon={<IconShieldCheck size={18} aria-hidden />}
            >
              {challenge.message}
            </Alert>
            <TextInput
              label="Security code"
              autoComplete="one-time-code"
              inputMode="numeric"
              withAsterisk
              description={MESSAGES.securityCodeHelp(VENDOR_CONTACT_EMAIL)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              ref={codeInput}
              {...form.getInputProps('authKey')}
            />
          </>
        )}
        {!inModal && (
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={routes.forgotPassword} fz="sm">
              Forgot Password
            </Anchor>
          </Group>
        )}
        <Button type="submit" fullWidth size="md" loading={form.submitting}>
          {submitLabel}
        </Button>
        {below?.(form.values.username)}
        {!inModal && !isProduction && (
          <Text ta="center" fz="sm" c="dimmed">
            New to the portal?{' '}
            <Anchor component={Link} to={routes.register} fw={500}>
              Register
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
