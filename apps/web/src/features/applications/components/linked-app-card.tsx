import { Anchor, Group } from '@mantine/core';
import { IconArrowUpRight, IconLink, IconRoute, IconSatellite } from '@tabler/icons-react';
import { LINKED_APP_NAMES, MESSAGES, type LinkedApp, type User } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { openExternalPage } from '../../../shared/page-navigation';
import { useCheckTattleUser } from '../api/check-tattle-user';
import { AppCard } from './app-card';
import { StatusLine, StatusLoading } from './status-line';

const LOOK: Record<
  LinkedApp,
  { description: string; icon: typeof IconRoute; gradient: { from: string; to: string } }
> = {
  ts: {
    description: 'Fleet telemetry and vehicle tracking.',
    icon: IconSatellite,
    gradient: { from: 'indigo.5', to: 'violet.7' },
  },
  ld: {
    description: 'Dispatch and job management.',
    icon: IconRoute,
    gradient: { from: 'orange.5', to: 'red.6' },
  },
};

type LinkedAppCardProps = {
  app: LinkedApp;
  user: User;
  /** Where the app opens; undefined until known. */
  url: string | undefined;
  /** Opens the login modal; `reason`: the server's word on why the link ended. */
  onLinkRequest: (app: LinkedApp, reason?: string) => void;
};

/**
 * The Tattle Systems or Live Dispatch card (docs/product.md §2 Applications). Unlinked: disabled, with the
 * text that opens the login modal. Linked: opens the app; for TS the session is checked first, and
 * an ended one marks the card unlinked and opens the modal again.
 */
export function LinkedAppCard({ app, user, url, onLinkRequest }: LinkedAppCardProps) {
  const check = useCheckTattleUser();
  const checking = check.isPending;
  const name = LINKED_APP_NAMES[app];
  const link = user[app];
  const { icon: Icon, ...look } = LOOK[app];
  const common = { name, ...look, icon: <Icon size={28} aria-hidden /> };

  if (!link) {
    const status = (
      <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => onLinkRequest(app)}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLink size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <span>{MESSAGES.appUnlinked(name)}</span>
        </Group>
      </Anchor>
    );
    return <AppCard {...common} dimmed badge="Not linked" status={status} />;
  }

  const openTattleSystems = (to: string) =>
    check.mutate(undefined, {
      onSuccess: () => openExternalPage(to),
      // 409: TS ended the session and the server cleared the link. Other failures are toasted globally.
      onError: (error) => {
        // The modal says why it opened.
        if (isApiError(error) && error.status === 409) onLinkRequest(app, error.message);
      },
    });

  const who = link.username ?? link.email ?? link.name ?? link.user_id;
  const status = checking ? (
    <StatusLoading text={`Checking your ${name} session…`} />
  ) : (
    <StatusLine
      icon={<IconArrowUpRight size={16} aria-hidden />}
      iconAfter
      color="brand.7"
      text={`Open ${name} · linked as ${who}`}
    />
  );
  if (!url) return <AppCard {...common} status={status} />;
  return app === 'ts' ? (
    <AppCard {...common} onOpen={() => openTattleSystems(url)} busy={checking} status={status} />
  ) : (
    <AppCard {...common} href={url} status={status} />
  );
}
