import type { ReactNode } from 'react';
import { Alert, Paper } from '@mantine/core';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../../shared/routes';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageLoader } from '../../../shared/ui/page-loader';
import { RefreshButton } from '../../../shared/ui/refresh-button';

type OutboxQuery<T> = {
  data: T | undefined;
  refetch: () => unknown;
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
};

/**
 * What the mail and SMS outboxes share: title, breadcrumbs, Refresh, and the loader or the failed
 * read in place of the list. `failure` replaces the generic failure (a read that says something).
 */
export function OutboxFrame<T>({
  title,
  description,
  query,
  failure,
  children,
}: {
  title: string;
  description: string;
  query: OutboxQuery<T>;
  failure?: { color: string; message: string } | null;
  /** The list, once read. */
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: title }]}
        description={description}
        actions={<RefreshButton query={query} />}
      />
      <Paper withBorder radius="lg" p="md">
        {query.isPending ? (
          <PageLoader />
        ) : query.isError || query.data === undefined ? (
          <Alert color={failure?.color ?? 'red'} variant="light" role="alert">
            {failure?.message ?? `${MESSAGES.dataFetchFailed} ${query.error?.message ?? ''}`}
          </Alert>
        ) : (
          children(query.data)
        )}
      </Paper>
    </>
  );
}
