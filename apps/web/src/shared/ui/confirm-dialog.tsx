import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';

export type ConfirmAction = {
  label: string;
  color?: MantineColor;
  variant?: 'filled' | 'light' | 'outline';
  onConfirm: () => void;
};

export type ConfirmModalProps = {
  opened: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to restore {name}?'. */
  message: ReactNode;
  /** More content under the question (explanations, options). */
  children?: ReactNode;
  actions: ConfirmAction[];
  /** Label of the action in flight: it spins, everything else waits. */
  pending?: string | null;
  cancelLabel?: string;
  onClose: () => void;
};

/** The generic confirmation modal (docs/product.md §2 Modals): a question, Cancel, and one or more actions. */
export function ConfirmDialog(props: ConfirmModalProps) {
  const { opened, title, message, children, actions, pending = null, cancelLabel = 'Cancel' } = props;
  const busy = pending !== null;
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && props.onClose()}
      title={title}
      centered
      radius="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        <Text fw={500}>{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          {actions.map((action) => (
            <Button
              key={action.label}
              color={action.color}
              variant={action.variant ?? 'filled'}
              onClick={action.onConfirm}
              loading={pending === action.label}
              disabled={busy && pending !== action.label}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Modal>
  );
}
