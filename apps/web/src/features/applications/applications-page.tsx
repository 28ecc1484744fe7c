import { Suspense, lazy, useState } from 'react';
import { Alert, SimpleGrid } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconChartBar, IconTool } from '@tabler/icons-react';
import { META_KEYS, MESSAGES, metaFlag, type LinkedApp, type User } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PageHeader } from '../../shared/ui/page-header';
import { isMaintenanceOn, useSystemSettings } from '../../shared/api/get-system-settings';
import { countNsbiClick } from './api/count-nsbi-click';
import { useLinkedAppUrls } from './api/get-linked-apps';
import { AppCard } from './components/app-card';
import { LinkedAppCard } from './components/linked-app-card';
import { StatusLine, StatusLoading } from './components/status-line';

// Loaded when first asked for: a modal (focus trap, scroll lock) and a form that most visits of
// the dashboard never open (decision 0028).
const LinkAccountModal = lazy(() =>
  import('./components/link-account-modal').then((m) => ({ default: m.LinkAccountModal })),
);

/**
 * The dashboard (docs/product.md §2 Applications): NS BI, Tattle Systems and Live Dispatch, and the login
 * modal that links TS or LD.
 */
export function ApplicationsPage() {
  const user = useCurrentUser();
  const settings = useSystemSettings();
  const urls = useLinkedAppUrls();
  // The app to link, and why the modal opened when the server said (a TS session that ended).
  const [linking, setLinking] = useState<{ app: LinkedApp; reason?: string } | null>(null);
  // Mounted from its first opening on, so it still closes with its transition.
  const [modalWanted, setModalWanted] = useState(false);
  const requestLink = (app: LinkedApp, reason?: string) => {
    setModalWanted(true);
    setLinking({ app, reason });
  };
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
        <LinkedAppCard app="ts" user={user} url={urls.ts} onLinkRequest={requestLink} />
        <LinkedAppCard app="ld" user={user} url={urls.ld} onLinkRequest={requestLink} />
      </SimpleGrid>
      {modalWanted && (
        <Suspense fallback={null}>
          <LinkAccountModal
            app={linking?.app ?? null}
            reason={linking?.reason}
            onClose={() => setLinking(null)}
          />
        </Suspense>
      )}
    </>
  );
}

function NsbiCard({ user, loading, maintenance }: { user: User; loading: boolean; maintenance: boolean }) {
  const flagOn = metaFlag(user, META_KEYS.nsbiEnabled);
  const enabled = flagOn && !loading && !maintenance;
  let status;
  if (loading) {
    status = <StatusLoading text="Loading…" />;
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
      onFollow={countNsbiClick}
      disabled={!enabled}
      status={status}
    />
  );
}
