import { Suspense, lazy, useState, type SyntheticEvent } from 'react';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@portal/contract';
import { AccountButton } from './account-button';

// Loaded when first opened: the layout chunk stays free of the upload code.
const ChangeLogoModal = lazy(() =>
  import('../../features/users/logo/change-logo-modal').then((m) => ({ default: m.ChangeLogoModal })),
);
// Loaded when the pointer, focus or a touch first comes to the button (decision 0028).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

type Wanted = { opened: boolean; focus: boolean };

/**
 * User menu of docs/product.md §2 Layout: My Profile, Change Logo, Settings, Logout. Until it is
 * wanted, only its button is drawn; the menu's code comes on the first sign of intent, and a
 * press that comes before it opens the menu when it arrives.
 */
export function UserMenu({ user }: { user: User }) {
  const [logoOpened, logoModal] = useDisclosure(false);
  const [wanted, setWanted] = useState<Wanted | null>(null);
  const want = (opened: boolean) => (event: SyntheticEvent<HTMLButtonElement>) => {
    const focus = document.activeElement === event.currentTarget;
    setWanted((before) => ({ opened: opened || (before?.opened ?? false), focus }));
  };
  const button = (
    <AccountButton
      user={user}
      aria-expanded={false}
      onPointerEnter={want(false)}
      onFocus={want(false)}
      onTouchStart={want(false)}
      onClick={want(true)}
    />
  );
  return (
    <>
      {wanted ? (
        <Suspense fallback={button}>
          <AccountMenu
            user={user}
            opened={wanted.opened}
            focus={wanted.focus}
            onChangeLogo={logoModal.open}
          />
        </Suspense>
      ) : (
        button
      )}
      {logoOpened && (
        <Suspense fallback={null}>
          <ChangeLogoModal user={user} opened={logoOpened} onClose={logoModal.close} />
        </Suspense>
      )}
    </>
  );
}
