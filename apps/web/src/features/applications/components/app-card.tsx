import { useId, type ReactNode } from 'react';
import { Badge, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './app-card.module.css';

export type AppCardProps = {
  name: string;
  description: string;
  icon: ReactNode;
  /** Gradient of the app's icon, e.g. { from: 'teal', to: 'cyan' }. */
  gradient: { from: string; to: string };
  /** Where an enabled card goes inside the portal. */
  to?: string;
  /** Told when the card is followed (to count the click); the navigation goes on regardless. */
  onFollow?: () => void;
  /** Where an enabled card goes outside the portal (a linked app). */
  href?: string;
  /** What an enabled card does instead of going somewhere (a check first, then it leaves). */
  onOpen?: () => void;
  /** The card's action is under way: it stays put and says so in its status. */
  busy?: boolean;
  /**
   * Shown dimmed but not marked disabled for assistive tech: the card holds an action of its own
   * (an unlinked app's "Click here to link"), and aria-disabled would disable that action too.
   */
  dimmed?: boolean;
  disabled?: boolean;
  /** Bottom line: why it is disabled, a link action, a loader or the call to open. */
  status?: ReactNode;
  badge?: string;
};

/** One app of the Applications launcher: a link (or button) when usable, a dimmed group when not. */
export function AppCard({
  name,
  description,
  icon,
  gradient,
  to,
  onFollow,
  href,
  onOpen,
  busy = false,
  dimmed = false,
  disabled = false,
  status,
  badge,
}: AppCardProps) {
  const interactive = Boolean(to || href || onOpen) && !disabled;
  const statusId = useId();
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
        {/* Dimmed all through, the title too (a black title looked half disabled). */}
        <Title order={2} fz="lg" fw={650} mt="lg" c={dimmed ? 'dimmed' : undefined}>
          {name}
        </Title>
        <Text c="dimmed" fz="sm" mt={6} mb="md">
          {description}
        </Text>
      </div>
      {status && (
        <div className={classes.status} id={statusId}>
          {status}
        </div>
      )}
    </>
  );

  const className = `${classes.card} ${interactive ? classes.interactive : ''} ${disabled ? classes.disabled : ''} ${dimmed ? classes.dimmed : ''}`;
  const cardProps = { withBorder: true, radius: 'lg', padding: 'xl', 'aria-label': name } as const;
  if (interactive && to) {
    return (
      <Card component={Link} to={to} onClick={onFollow} className={className} {...cardProps}>
        {body}
      </Card>
    );
  }
  if (interactive && href) {
    return (
      <Card component="a" href={href} className={className} {...cardProps}>
        {body}
      </Card>
    );
  }
  if (interactive && onOpen) {
    return (
      <Card
        component="button"
        type="button"
        onClick={busy ? undefined : onOpen}
        aria-busy={busy || undefined}
        className={`${className} ${classes.asButton} ${busy ? classes.busy : ''}`}
        {...cardProps}
      >
        {body}
      </Card>
    );
  }
  return (
    // A dimmed card says why to assistive tech too: its status ("App unlinked …") describes it.
    <Card
      className={className}
      role="group"
      aria-disabled={disabled || undefined}
      aria-describedby={dimmed && status ? statusId : undefined}
      {...cardProps}
    >
      {body}
    </Card>
  );
}
