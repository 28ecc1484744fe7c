import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { passkeyRenameSchema } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { FormError } from '../../../shared/forms/form-error';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ceremonyErrorMessage } from '../../../shared/passkeys/ceremony-errors';

type PasskeyNameModalProps = {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName: string;
  help?: string;
  /** Saves the name; a thrown error is shown (a 422 under the field). */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
};

/** Naming a passkey: when adding it (before the browser's prompt) and when renaming it. */
export function PasskeyNameModal({
  opened,
  title,
  submitLabel,
  initialName,
  help,
  onSubmit,
  onClose,
}: PasskeyNameModalProps) {
  const form = useSchemaForm(passkeyRenameSchema, { name: initialName });
  const [formError, setFormError] = useState<string | null>(null);
  const close = () => {
    setFormError(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ name }) => {
    setFormError(null);
    try {
      await onSubmit(name);
    } catch (error) {
      setFormError(isApiError(error) ? form.applyServerErrors(error) : ceremonyErrorMessage(error));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {help && <Text size="sm">{help}</Text>}
          <FormError message={formError} />
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            placeholder="e.g. Work laptop"
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
