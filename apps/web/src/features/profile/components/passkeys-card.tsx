import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { PASSKEY_MESSAGES, passkeyRenameSchema, type Passkey } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatAgo, formatDayTime } from '../../../shared/format/dates';
import { FormError } from '../../../shared/forms/form-error';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ceremonyErrorMessage, isCancelled } from '../../../shared/passkeys/ceremony-errors';
import { passkeysSupported } from '../../../shared/passkeys/support';
import { ConfirmPasswordModal } from '../../../shared/ui/confirm-password-modal';
import { PageLoader } from '../../../shared/ui/page-loader';
import { showToast } from '../../../shared/ui/toast';
import { useNarrowScreen } from '../../../shared/ui/use-narrow-screen';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { ProfileCard } from './profile-card';

const lastUsed = (passkey: Passkey) => (passkey.lastUsedAt ? formatAgo(passkey.lastUsedAt) : 'Never');

type NameModalProps = {
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
function NameModal({ opened, title, submitLabel, initialName, help, onSubmit, onClose }: NameModalProps) {
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

type Actions = { onRename: (p: Passkey) => void; onRemove: (p: Passkey) => void };

function PasskeyActions({ passkey, onRename, onRemove }: Actions & { passkey: Passkey }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        variant="default"
        size="xs"
        onClick={() => onRename(passkey)}
        aria-label={`Rename ${passkey.name}`}
      >
        Rename
      </Button>
      <Button
        color="red"
        variant="light"
        size="xs"
        onClick={() => onRemove(passkey)}
        aria-label={`Remove ${passkey.name}`}
      >
        Remove
      </Button>
    </Group>
  );
}

function PasskeyName({ passkey }: { passkey: Passkey }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconKey size={18} stroke={1.6} aria-hidden />
      <Text fz="sm" fw={500}>
        {passkey.name}
      </Text>
    </Group>
  );
}

function PasskeyList({ passkeys, narrow, ...actions }: Actions & { passkeys: Passkey[]; narrow: boolean }) {
  if (passkeys.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No passkeys yet. A passkey signs you in with your device's screen lock or a security key: no password
        and no emailed code.
      </Text>
    );
  if (narrow)
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
        {passkeys.map((passkey) => (
          <Paper component="li" withBorder radius="md" p="sm" key={passkey.id}>
            <PasskeyName passkey={passkey} />
            <Text fz="sm" c="dimmed" mt={4}>
              Added {formatDayTime(passkey.createdAt)}
            </Text>
            <Text fz="sm" c="dimmed" mb="xs">
              Last used {lastUsed(passkey)}
            </Text>
            <PasskeyActions passkey={passkey} {...actions} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" aria-label="Passkeys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Td>
                <PasskeyName passkey={passkey} />
              </Table.Td>
              <Table.Td>{formatDayTime(passkey.createdAt)}</Table.Td>
              <Table.Td title={passkey.lastUsedAt ? formatDayTime(passkey.lastUsedAt) : undefined}>
                {lastUsed(passkey)}
              </Table.Td>
              <Table.Td>
                <PasskeyActions passkey={passkey} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Profile 'Passkeys' card (docs/product.md "Additions beyond SPEC"): add a named passkey, the list
 * with created and last-used dates, rename, and remove with the current password.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const narrow = useNarrowScreen();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const onAdd = async (name: string) => {
    try {
      const { message } = await add.mutateAsync(name);
      setAdding(false);
      showToast({ color: 'green', message });
    } catch (error) {
      // The person closed the browser's prompt: the dialog stays, saying so.
      if (isCancelled(error)) throw new Error(PASSKEY_MESSAGES.cancelled, { cause: error });
      throw error;
    }
  };

  return (
    <ProfileCard
      id="profile-passkeys"
      title="Passkeys"
      actions={
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!supported}
          onClick={() => setAdding(true)}
        >
          Add a passkey
        </Button>
      }
    >
      {!supported && (
        <Alert color="gray" variant="light" mb="md">
          {PASSKEY_MESSAGES.unsupported}
        </Alert>
      )}
      {passkeys.isPending ? (
        <PageLoader label="Loading passkeys…" minHeight={80} />
      ) : passkeys.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load your passkeys: {passkeys.error.message}
        </Alert>
      ) : (
        <PasskeyList passkeys={passkeys.data} narrow={narrow} onRename={setRenaming} onRemove={setRemoving} />
      )}
      {adding && (
        <NameModal
          opened
          title="Add a passkey"
          submitLabel="Continue"
          initialName=""
          help="Name it after the device or key it lives on; your browser then asks you to create it."
          onSubmit={onAdd}
          onClose={() => setAdding(false)}
        />
      )}
      {renaming && (
        <NameModal
          opened
          title="Rename passkey"
          submitLabel="Save"
          initialName={renaming.name}
          onSubmit={async (name) => {
            const { message } = await rename.mutateAsync({ id: renaming.id, name });
            setRenaming(null);
            showToast({ color: 'green', message });
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmPasswordModal
        opened={removing !== null}
        title="Remove passkey"
        reason={
          removing
            ? `Enter your current password to remove “${removing.name}”. It will no longer sign you in.`
            : undefined
        }
        onConfirm={async (currentPassword) => {
          if (!removing) return;
          const message = await remove.mutateAsync({ id: removing.id, currentPassword });
          setRemoving(null);
          showToast({ color: 'green', message });
        }}
        onCancel={() => setRemoving(null)}
      />
    </ProfileCard>
  );
}
