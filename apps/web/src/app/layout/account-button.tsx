import type { ComponentPropsWithRef } from 'react';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { User } from '@portal/contract';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * The header's account button: the user's logo or initials, name and email. The same button before
 * the menu's code has arrived and as the menu's target, so nothing moves when it comes.
 */
export function AccountButton({
  user,
  ...props
}: { user: User } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  return (
    <UnstyledButton
      aria-label={`Account menu for ${user.name}`}
      aria-haspopup="menu"
      p={4}
      style={{ borderRadius: 8 }}
      {...props}
    >
      <Group gap="sm" wrap="nowrap">
        {/* A logo is shown whole (a round crop cut off wordmarks); initials stay round. */}
        <Avatar
          color="brand"
          radius={user.logo ? 'sm' : 'xl'}
          size={36}
          src={user.logo?.thumbnail_url ?? null}
          styles={{ image: { objectFit: 'contain' } }}
        >
          {initialsOf(user.name)}
        </Avatar>
        <div style={{ lineHeight: 1.2 }}>
          <Text fz="sm" fw={600} visibleFrom="xs" truncate maw={180}>
            {user.name}
          </Text>
          <Text fz="xs" c="dimmed" visibleFrom="xs" truncate maw={180}>
            {user.email}
          </Text>
        </div>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
