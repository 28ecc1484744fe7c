import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

type ProfileCardProps = {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
};

/** One card of My Profile below the details: a labelled section with its heading and actions. */
export function ProfileCard({ id, title, actions, children }: ProfileCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" maw={860} mt="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
