import { Suspense, lazy } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconPhoto, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '@portal/contract';
import { routes } from '../../shared/routes';

// Loaded when first opened: the layout chunk stays free of the upload code.
const ChangeLogoModal = lazy(() =>
  import('../../features/users/logo/change-logo-modal').then((m) => ({ default: m.ChangeLogoModal })),
);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** User menu of docs/product.md §2 Layout: My Profile, Change Logo, Settings, Logout. */
export function UserMenu({ user }: { user: User }) {
  const [logoOpened, logoModal] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Account menu for ${user.name}`} p={4} style={{ borderRadius: 8 }}>
            <Group gap="sm" wrap="nowrap">
              {/* A logo is shown whole (a round crop cut off wordmarks, issue 18.21); initials stay round. */}
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
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={routes.profile} leftSection={<IconUser size={16} aria-hidden />}>
            My Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={logoModal.open}>
            Change Logo
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={routes.settings}
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Settings
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={routes.logout}
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {logoOpened && (
        <Suspense fallback={null}>
          <ChangeLogoModal user={user} opened={logoOpened} onClose={logoModal.close} />
        </Suspense>
      )}
    </>
  );
}
