import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { CenteredShell } from '../shared/ui/centered-shell';
import { usePageTitle } from '../shared/ui/use-page-title';
import { chunkNameOf, isChunkLoadError } from './lazy-page';
import { reloadPage } from '../shared/page-navigation';

/**
 * errorElement of the router: a screen's code that failed to download (usually a new deploy
 * replaced it) or a render error gets a clear message and a Reload button — never a blank page.
 * Lives in the entry chunk on purpose: a lazy error screen could fail to load the same way.
 */
export function RouteErrorBoundary({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  usePageTitle(chunkFailed ? 'Update available' : 'Something went wrong');
  if (!chunkFailed) console.error(error);

  const message = chunkFailed
    ? MESSAGES.chunkLoadFailed(chunkNameOf(error))
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : MESSAGES.serverError;
  const content = (
    <Stack gap="md" align="flex-start">
      <Title order={1} fz={22}>
        {chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}
      </Title>
      <Alert color="red" variant="light" role="alert" w="100%">
        {message}
      </Alert>
      {chunkFailed && (
        <Text c="dimmed">The portal may have been updated. Reloading fetches the latest version.</Text>
      )}
      <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={reloadPage}>
        Reload
      </Button>
    </Stack>
  );

  if (inLayout)
    return (
      <Paper p="xl" withBorder radius="lg" maw={560}>
        {content}
      </Paper>
    );
  return (
    <CenteredShell width={520}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 32 }}>
        {content}
      </Paper>
    </CenteredShell>
  );
}
