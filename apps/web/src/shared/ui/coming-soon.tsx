import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

type ComingSoonProps = { title: string };

/**
 * Honest placeholder for a screen that a later release delivers: it says so instead of pretending
 * to work. Replaced screen by screen as those issues land.
 */
export function ComingSoon({ title }: ComingSoonProps) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon variant="light" size={44} radius="md">
          <IconClockHour4 size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title} is coming soon
        </Title>
        <Text c="dimmed">This screen is part of an upcoming release of the portal.</Text>
      </Stack>
    </Paper>
  );
}
