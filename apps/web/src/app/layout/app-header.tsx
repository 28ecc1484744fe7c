import type { ReactNode } from 'react';
import { Group, Image, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { LOGO_HEIGHT } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { UserMenu } from './user-menu';

/** The header keeps room for the burger and the account menu, whatever the logo's shape. */
const HEADER_LOGO_MAX_WIDTH = 'min(320px, calc(100vw - 150px))';

/** Top bar: burger (small screens), logo linking home, user menu. */
export function AppHeader({ burger }: { burger: ReactNode }) {
  const user = useCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {burger}
        <UnstyledButton component={Link} to={routes.dashboard} aria-label="Applications">
          {/* A customer's own logo (Change Logo) replaces ours; otherwise ours, NS BI's in NSBI mode. */}
          {user?.logo ? (
            <Image
              src={user.logo.public_url}
              alt=""
              data-testid="logo-user"
              h={LOGO_HEIGHT}
              w="auto"
              maw={HEADER_LOGO_MAX_WIDTH}
              fit="contain"
            />
          ) : (
            // docs/product.md §9: logo height 54, ours too; at 390 px it gives way to the menu.
            <BrandLogo height={LOGO_HEIGHT} maw={HEADER_LOGO_MAX_WIDTH} />
          )}
        </UnstyledButton>
      </Group>
      {user && <UserMenu user={user} />}
    </Group>
  );
}
