import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowRight,
  IconChartBar,
  IconCircleCheck,
  IconLink,
  IconRoute,
  IconSatellite,
  IconTool,
} from '@tabler/icons-react';
import { META_KEYS, MESSAGES, metaFlag, type User } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { isMaintenanceOn, useSystemSettings } from '../../shared/api/get-system-settings';
import { AppCard } from './components/app-card';

export type LinkableApp = 'ts' | 'ld';
const APP_NAMES: Record<LinkableApp, string> = { ts: 'Tattle Systems', ld: 'Live Dispatch' };

/**
 * Seam for the account-linking issue, which opens the TS/LD sign-in modal from here. Until then the
 * link text is present but deliberately inert rather than faking a link flow.
 */
export function requestAccountLink(app: LinkableApp): void {
  void app;
}

type ApplicationsPageProps = { onLinkRequest?: (app: LinkableApp) => void };

/** The dashboard (SPEC §2 Applications): NS BI, Tattle Systems and Live Dispatch. */
export function ApplicationsPage({ onLinkRequest = requestAccountLink }: ApplicationsPageProps) {
  const user = useCurrentUser();
  const settings = useSystemSettings();
  if (!user) return null;

  return (
    <>
      <PageHeader title="Applications" description={`Welcome back, ${user.name}.`} />
      {settings.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mb="lg"
          icon={<IconAlertCircle size={18} aria-hidden />}
        >
          {MESSAGES.settingsFetchFailed}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <NsbiCard user={user} loading={settings.isPending} maintenance={isMaintenanceOn(settings.data)} />
        <ExternalAppCard app="ts" user={user} onLinkRequest={onLinkRequest} />
        <ExternalAppCard app="ld" user={user} onLinkRequest={onLinkRequest} />
      </SimpleGrid>
    </>
  );
}

function NsbiCard({ user, loading, maintenance }: { user: User; loading: boolean; maintenance: boolean }) {
  const flagOn = metaFlag(user, META_KEYS.nsbiEnabled);
  const enabled = flagOn && !loading && !maintenance;
  let status;
  if (loading) {
    status = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size={14} />
        <Text fz="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  } else if (maintenance) {
    status = (
      <StatusLine
        icon={<IconTool size={18} aria-hidden style={{ flexShrink: 0 }} />}
        color="orange.8"
        text={MESSAGES.maintenance}
      />
    );
  } else if (!flagOn) {
    status = <StatusLine color="dimmed" text="Not enabled for your account" />;
  } else {
    status = (
      <StatusLine
        icon={<IconArrowRight size={16} aria-hidden />}
        iconAfter
        color="brand.7"
        text="Open NS BI"
      />
    );
  }
  return (
    <AppCard
      name="NS BI"
      description="Business-intelligence dashboards and reports."
      icon={<IconChartBar size={28} aria-hidden />}
      gradient={{ from: 'teal.5', to: 'teal.8' }}
      to={routes.reports}
      disabled={!enabled}
      status={status}
    />
  );
}

type ExternalAppCardProps = { app: LinkableApp; user: User; onLinkRequest: (app: LinkableApp) => void };

function ExternalAppCard({ app, user, onLinkRequest }: ExternalAppCardProps) {
  const name = APP_NAMES[app];
  const link = user[app];
  const status = link ? (
    <StatusLine
      icon={<IconCircleCheck size={16} aria-hidden />}
      color="teal"
      text={`Linked as ${link.username ?? link.email ?? link.name ?? link.user_id}`}
    />
  ) : (
    <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => onLinkRequest(app)}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLink size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <span>{MESSAGES.appUnlinked(name)}</span>
      </Group>
    </Anchor>
  );
  return (
    <AppCard
      name={name}
      description={app === 'ts' ? 'Fleet telemetry and vehicle tracking.' : 'Dispatch and job management.'}
      icon={app === 'ts' ? <IconSatellite size={28} aria-hidden /> : <IconRoute size={28} aria-hidden />}
      gradient={app === 'ts' ? { from: 'indigo.5', to: 'violet.7' } : { from: 'orange.5', to: 'red.6' }}
      disabled={!link}
      status={status}
    />
  );
}

type StatusLineProps = { icon?: ReactNode; iconAfter?: boolean; color: string; text: string };

function StatusLine({ icon, iconAfter = false, color, text }: StatusLineProps) {
  return (
    <Group gap={6} wrap="nowrap" align="center" c={color} fz="sm" fw={500}>
      {!iconAfter && icon}
      <Text inherit>{text}</Text>
      {iconAfter && icon}
    </Group>
  );
}
