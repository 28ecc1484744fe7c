import { PasswordInput } from '@mantine/core';
import type { UseFormRegister } from 'react-hook-form';

type PasswordPair = { password: string; password_confirmation: string };

/** Password + Confirm password, as Register and Reset Password both ask for them (SPEC §5). */
export function NewPasswordFields<T extends PasswordPair>({
  register,
  shown,
}: {
  register: UseFormRegister<T>;
  /** The field's message once it should show (touched or submitted), else undefined. */
  shown: (field: keyof PasswordPair) => string | undefined;
}) {
  // The generic register only knows T's keys; both names exist on every T here.
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        withAsterisk
        error={shown('password')}
        {...reg('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        withAsterisk
        error={shown('password_confirmation')}
        {...reg('password_confirmation')}
      />
    </>
  );
}
