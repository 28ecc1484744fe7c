import { Button, Paper, Text } from '@mantine/core';
import { PageHeader } from '../../shared/ui/page-header';
import { routes } from '../../shared/routes';

/** /test (docs/product.md §2 Test page): a Fetch Reports button that, by specification, does nothing. */
export function TestPage() {
  return (
    <>
      <PageHeader
        title="Test"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Test' }]}
      />
      <Paper withBorder radius="lg" p="xl" maw={560}>
        <Text c="dimmed" mb="md">
          Developer test page.
        </Text>
        <Button type="button" variant="light">
          Fetch Reports
        </Button>
      </Paper>
    </>
  );
}
