import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api/api-error';

type ConfirmPasswordModalProps = {
  opened: boolean;
  title: string;
  /** Saves with the typed password; a 422 `current_password` error is shown under the field. */
  onConfirm: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * Asks for the current password before a change the server re-authenticates (turning your own
 * two-factor off): a stolen session alone cannot make it.
 */
export function ConfirmPasswordModal({ opened, title, onConfirm, onCancel }: ConfirmPasswordModalProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onCancel();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
      setError(null);
    } catch (cause) {
      const field = cause instanceof ApiError ? cause.fieldErrors.current_password?.[0] : undefined;
      setError(field ?? (cause instanceof Error ? cause.message : String(cause)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">Enter your current password to confirm.</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
