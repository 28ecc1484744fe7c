import { useEffect, useRef } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout, IconPhoto, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '@portal/contract';
import { routes } from '../../shared/routes';
import { AccountButton } from './account-button';

/**
 * The account menu itself (docs/product.md §2 Layout: My Profile, Change Logo, Settings, Logout),
 * drawn from the first press of its button on (user-menu.tsx): a menu brings the floating-element
 * code, which no screen needs to be drawn (decision 0028).
 */
export function AccountMenu({
  user,
  opened,
  focus,
  onChangeLogo,
}: {
  user: User;
  /** Opens at once: it replaces the button that was just pressed. */
  opened: boolean;
  /** Takes the focus: the button it replaces had it. */
  focus: boolean;
  onChangeLogo: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal defaultOpened={opened}>
      <Menu.Target>
        <AccountButton user={user} ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={routes.profile} leftSection={<IconUser size={16} aria-hidden />}>
          My Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={onChangeLogo}>
          Change Logo
        </Menu.Item>
        <Menu.Item component={Link} to={routes.settings} leftSection={<IconSettings size={16} aria-hidden />}>
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
  );
}
