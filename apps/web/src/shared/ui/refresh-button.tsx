import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** Reads a query again; spins while a background read runs (the first load has its own loader). */
export function RefreshButton({
  query,
}: {
  query: { refetch: () => unknown; isFetching: boolean; isPending: boolean };
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={() => void query.refetch()}
      loading={query.isFetching && !query.isPending}
    >
      Refresh
    </Button>
  );
}
