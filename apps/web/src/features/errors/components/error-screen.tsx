import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CenteredShell } from '../../../shared/ui/centered-shell';
import { usePageTitle } from '../../../shared/ui/use-page-title';

type ErrorScreenProps = { code: string; title: string; message: string; actions?: ReactNode };

/** Common frame of the 401, 403 and 404 pages: usable signed in or not, never inside the sidebar layout. */
export function ErrorScreen({ code, title, message, actions }: ErrorScreenProps) {
  usePageTitle(title);
  return (
    <CenteredShell width={520}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 40 }}>
        <Stack align="center" gap="sm" ta="center">
          <Text
            component="p"
            fz={72}
            fw={800}
            lh={1}
            variant="gradient"
            gradient={{ from: 'brand.4', to: 'brand.8', deg: 135 }}
            aria-hidden
          >
            {code}
          </Text>
          <Title order={1} fz={22}>
            {title}
          </Title>
          <Text c="dimmed" maw={380}>
            {message}
          </Text>
          {actions && (
            <Group justify="center" mt="md" gap="sm">
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </CenteredShell>
  );
}
