import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { CenteredShell } from '../../../shared/ui/centered-shell';
import { usePageTitle } from '../../../shared/ui/use-page-title';

type AuthCardProps = { title: string; intro?: ReactNode; children: ReactNode };

/** The frame of Sign In's siblings (forgot, reset, register): logo, a card with a title. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <CenteredShell>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 32 }}>
        <Title order={1} fz={26} fw={700} lts={-0.3}>
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" fz="sm" mt={4}>
            {intro}
          </Text>
        )}
        <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>{children}</div>
      </Paper>
    </CenteredShell>
  );
}
