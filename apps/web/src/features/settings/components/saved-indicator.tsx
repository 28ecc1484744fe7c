import { useEffect, useRef, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

const SHOWN_MS = 2000;

/** A subtle 'Saved' after a toggle was stored; the live region announces it too. */
export function useSavedFlash() {
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const flash = () => {
    window.clearTimeout(timer.current);
    setSaved(true);
    timer.current = window.setTimeout(() => setSaved(false), SHOWN_MS);
  };
  return [saved, flash] as const;
}

export function SavedIndicator({ saved }: { saved: boolean }) {
  return (
    <Group gap={4} c="teal.7" role="status" aria-live="polite" mih={20}>
      {saved && (
        <>
          <IconCheck size={14} aria-hidden />
          <Text inherit fz="sm" fw={500}>
            Saved
          </Text>
        </>
      )}
    </Group>
  );
}
