import type { ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';

type StatusLineProps = { icon?: ReactNode; iconAfter?: boolean; color: string; text: string };

/** The bottom line of an app card: a short state, with an icon before or after it. */
export function StatusLine({ icon, iconAfter = false, color, text }: StatusLineProps) {
  return (
    <Group gap={6} wrap="nowrap" align="center" c={color} fz="sm" fw={500}>
      {!iconAfter && icon}
      <Text inherit>{text}</Text>
      {iconAfter && icon}
    </Group>
  );
}

/** The bottom line while the card waits for something (settings, a session check). */
export function StatusLoading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size={14} />
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
