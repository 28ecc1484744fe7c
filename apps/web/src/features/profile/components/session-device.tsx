import { Badge, Group, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import type { ActiveSession } from '@portal/contract';

/** Which browser on which device, and whether it is this one. */
export function SessionDevice({ session }: { session: ActiveSession }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconDeviceDesktop size={18} stroke={1.6} aria-hidden />
      <div>
        <Text fz="sm" fw={500}>
          {session.browser} on {session.device}
        </Text>
        {session.current && (
          <Badge size="sm" variant="filled" color="teal.9" radius="sm">
            This device
          </Badge>
        )}
      </div>
    </Group>
  );
}
