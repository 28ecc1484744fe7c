import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { SavedIndicator } from './saved-indicator';

type SettingsCardProps = { title: string; saved: boolean; children: ReactNode };

/** A titled card of toggles with its 'Saved' confirmation. */
export function SettingsCard({ title, saved, children }: SettingsCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <SavedIndicator saved={saved} />
      </Group>
      <Divider mb="md" />
      <Stack gap="lg">{children}</Stack>
    </Paper>
  );
}
