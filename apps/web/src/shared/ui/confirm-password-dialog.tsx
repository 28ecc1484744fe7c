import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { confirmPasswordFormSchema } from '@portal/contract';
import { FormError } from '../forms/form-error';
import { useSchemaForm } from '../forms/use-schema-form';

type ConfirmPasswordDialogProps = {
  opened: boolean;
  title: string;
  /** Why it is asked (the server's sentence); a plain "Enter your current password to confirm." otherwise. */
  reason?: string;
  /** Saves with the typed password; a 422 `current_password` error is shown under the field. */
  onConfirm: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * Asks for the current password before a change the server re-authenticates (turning your own
 * two-factor off; an admin's change to another administrator or a bulk block, through
 * useStepUp): a stolen session alone cannot make it.
 */
export function ConfirmPasswordDialog({
  opened,
  title,
  reason,
  onConfirm,
  onCancel,
}: ConfirmPasswordDialogProps) {
  const form = useSchemaForm(confirmPasswordFormSchema, { current_password: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    form.reset();
    setFormError(null);
    onCancel();
  };
  const submit = form.onSubmit(async ({ current_password }) => {
    setFormError(null);
    try {
      await onConfirm(current_password);
      form.reset();
    } catch (error) {
      setFormError(form.applyServerErrors(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{reason ?? 'Enter your current password to confirm.'}</Text>
          <FormError message={formError} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('current_password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
