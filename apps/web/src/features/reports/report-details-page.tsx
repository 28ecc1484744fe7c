import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClockExclamation, IconLock, IconRefresh } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { BI_FRAME_SANDBOX, BI_MESSAGES, MESSAGES } from '@portal/contract';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/routes';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { PageLoader } from '../../shared/ui/page-loader';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { countReportClick } from './api/count-report-click';
import { useProjectItems } from './api/get-project-items';
import { useView } from './api/get-view';
import type { ReportDetailsState } from '../../shared/reports/item-link';
import { MaintenanceNotice } from './components/maintenance-notice';
import classes from './report-details.module.css';

/** What the BI page in the frame tells us (simulator's embed.js; a real BI server may say less). */
type BiMessage = { source?: string; type?: string };

/**
 * Report details (/nsbi/{id}/view, docs/product.md §2, no sidebar): the BI server's view of one item,
 * embedded with a fresh log-on token. A token opens one view; when the view's session ends, the
 * page says so and one click fetches a new token without leaving the page.
 */
export function ReportDetailsPage() {
  const { id = '' } = useParams();
  const state = useLocation().state as ReportDetailsState;
  const known = useProjectItems().data?.find((i) => i.id === id);
  const name = known?.name ?? state?.name ?? 'Report';
  const type = known?.type ?? state?.type ?? 'report';
  usePageTitle(name);

  const view = useView(id);
  const [expired, setExpired] = useState(false);
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (counted.current === id) return; // StrictMode runs effects twice: one open, one count
    counted.current = id;
    countReportClick(id);
  }, [id]);

  const biOrigin = view.data ? new URL(view.data.url, window.location.href).origin : null;
  useEffect(() => {
    if (!biOrigin) return;
    const onMessage = (event: MessageEvent<BiMessage>) => {
      if (event.origin !== biOrigin || event.data?.source !== 'nsbi') return;
      if (event.data.type === 'session-expired') setExpired(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [biOrigin]);

  const reload = () => {
    setExpired(false);
    void view.refetch();
  };

  const status = isApiError(view.error) ? view.error.status : null;
  let body;
  if (view.isFetching && !view.data) body = <PageLoader minHeight="60vh" label={`Opening ${name}…`} />;
  else if (status === 503) body = <MaintenanceNotice />;
  else if (status === 403 || status === 404)
    body = (
      <Alert
        color={status === 403 ? 'yellow' : 'gray'}
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        role="alert"
        m="lg"
        maw={640}
      >
        {status === 403 ? view.error!.message : BI_MESSAGES.unknownItem}
      </Alert>
    );
  else if (view.isError)
    body = (
      <RetryAlert
        m="lg"
        message={MESSAGES.dashboardFetchFailed}
        onRetry={reload}
        retrying={view.isFetching}
      />
    );
  else if (view.data)
    body = (
      <>
        {expired && (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            icon={<IconClockExclamation size={18} aria-hidden />}
            m="md"
          >
            <Group justify="space-between" gap="sm">
              <Text>{BI_MESSAGES.viewExpired(type)}</Text>
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={reload}
                loading={view.isFetching}
              >
                Reload
              </Button>
            </Group>
          </Alert>
        )}
        {/* A new token gives a new URL: the key makes a fresh frame for it. */}
        <iframe
          key={view.data.logOnToken}
          src={view.data.url}
          title={name}
          className={classes.frame}
          sandbox={BI_FRAME_SANDBOX}
        />
      </>
    );

  return (
    <Box className={classes.page}>
      {/* At 390 px the header fits the screen: the name shrinks, the reload button
          keeps its icon only and the logo gives way. */}
      <Group component="header" className={classes.header} justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" className={classes.shrink}>
          <Button
            component={Link}
            to={routes.reports}
            variant="subtle"
            px="xs"
            className={classes.keep}
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            NS BI
          </Button>
          <Title order={1} fz="lg" lineClamp={1} className={classes.shrink}>
            {name}
          </Title>
        </Group>
        <Group gap="md" wrap="nowrap" className={classes.keep}>
          {view.data && !expired && (
            <>
              <Button
                variant="default"
                size="xs"
                visibleFrom="sm"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={reload}
                loading={view.isFetching}
              >
                Reload view
              </Button>
              <ActionIcon
                variant="default"
                hiddenFrom="sm"
                aria-label="Reload view"
                onClick={reload}
                loading={view.isFetching}
              >
                <IconRefresh size={16} aria-hidden />
              </ActionIcon>
            </>
          )}
          <Box visibleFrom="sm">
            <BrandLogo height={28} />
          </Box>
        </Group>
      </Group>
      <main className={classes.main}>{body}</main>
    </Box>
  );
}
