import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

type PasswordField = 'password' | 'password_confirmation';

/** Password + Confirm password, as Register and Reset Password both ask for them (docs/product.md §5). */
export function NewPasswordFields({
  inputProps,
}: {
  /** The form's getInputProps: value, handlers and the error once it should show. */
  inputProps: (field: PasswordField) => GetInputPropsReturnType;
}) {
  return (
    <>
      <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...inputProps('password')} />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        withAsterisk
        {...inputProps('password_confirmation')}
      />
    </>
  );
}
