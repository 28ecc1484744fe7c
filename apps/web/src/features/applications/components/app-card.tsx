import type { ReactNode } from 'react';
import { Badge, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './app-card.module.css';

export type AppCardProps = {
  name: string;
  description: string;
  icon: ReactNode;
  /** Gradient of the app's icon, e.g. { from: 'teal', to: 'cyan' }. */
  gradient: { from: string; to: string };
  /** Where an enabled card goes. Without it the card is informational. */
  to?: string;
  disabled?: boolean;
  /** Bottom line: why it is disabled, a link action, a loader or the call to open. */
  status?: ReactNode;
  badge?: string;
};

/** One app of the Applications launcher: a link when usable, a dimmed group when not. */
export function AppCard({
  name,
  description,
  icon,
  gradient,
  to,
  disabled = false,
  status,
  badge,
}: AppCardProps) {
  const interactive = Boolean(to) && !disabled;
  const body = (
    <>
      <Group justify="space-between" align="flex-start" className={classes.visual}>
        <ThemeIcon size={52} radius="md" variant="gradient" gradient={{ ...gradient, deg: 135 }}>
          {icon}
        </ThemeIcon>
        {badge && (
          <Badge variant="light" color="gray" radius="sm">
            {badge}
          </Badge>
        )}
      </Group>
      <div className={classes.visual}>
        <Title order={2} fz="lg" fw={650} mt="lg">
          {name}
        </Title>
        <Text c="dimmed" fz="sm" mt={6} mb="md">
          {description}
        </Text>
      </div>
      {status && <div className={classes.status}>{status}</div>}
    </>
  );

  const className = `${classes.card} ${interactive ? classes.interactive : ''} ${disabled ? classes.disabled : ''}`;
  if (interactive && to) {
    return (
      <Card
        component={Link}
        to={to}
        withBorder
        radius="lg"
        padding="xl"
        className={className}
        aria-label={name}
      >
        {body}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      className={className}
      role="group"
      aria-label={name}
      aria-disabled={disabled || undefined}
    >
      {body}
    </Card>
  );
}
