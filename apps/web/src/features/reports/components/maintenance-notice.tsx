import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { MESSAGES } from '@portal/contract';

/** The NS BI page while maintenance mode is on (docs/product.md §2 Reports). */
export function MaintenanceNotice() {
  return (
    <Stack align="center" gap="md" py={64} role="status">
      <ThemeIcon size={64} radius="xl" variant="light" color="orange">
        <IconTool size={34} aria-hidden />
      </ThemeIcon>
      <Title order={2} fz="xl" ta="center">
        {MESSAGES.maintenancePage}
      </Title>
      <Text c="dimmed" ta="center" maw={440}>
        NS BI is being updated. Your dashboards will be back shortly.
      </Text>
    </Stack>
  );
}
