import { Button, Group, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Passkey } from '@portal/contract';
import { formatAgo } from '../../../shared/format/dates';

export const lastUsed = (passkey: Passkey) => (passkey.lastUsedAt ? formatAgo(passkey.lastUsedAt) : 'Never');

export type PasskeyActionHandlers = {
  onRename: (p: Passkey) => void;
  onRemove: (p: Passkey) => void;
  /** The pointer, the focus or a touch came to a button: its dialog's code may be fetched. */
  onIntent: () => void;
};

/** Rename and Remove, named after the passkey for screen readers. */
export function PasskeyActions({
  passkey,
  onRename,
  onRemove,
  onIntent,
}: PasskeyActionHandlers & { passkey: Passkey }) {
  const intent = { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent };
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        variant="default"
        size="xs"
        {...intent}
        onClick={() => onRename(passkey)}
        aria-label={`Rename ${passkey.name}`}
      >
        Rename
      </Button>
      <Button
        color="red"
        variant="light"
        size="xs"
        {...intent}
        onClick={() => onRemove(passkey)}
        aria-label={`Remove ${passkey.name}`}
      >
        Remove
      </Button>
    </Group>
  );
}

export function PasskeyName({ passkey }: { passkey: Passkey }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconKey size={18} stroke={1.6} aria-hidden />
      <Text fz="sm" fw={500}>
        {passkey.name}
      </Text>
    </Group>
  );
}
