import { Suspense, lazy } from 'react';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@portal/contract';
import { useLoadOnIntent } from '../../shared/ui/use-load-on-intent';
import { AccountButton } from './account-button';
import type { AccountMenu as AccountMenuType } from './account-menu';

// Loaded when first opened: the layout chunk stays free of the upload code.
const ChangeLogoModal = lazy(() =>
  import('../../features/users/logo/change-logo-modal').then((m) => ({ default: m.ChangeLogoModal })),
);

// Fetched when the pointer, focus or a touch first comes to the button, drawn when it is pressed
// (decision 0028).
let menuCode: Promise<{ AccountMenu: typeof AccountMenuType }> | undefined;
const loadMenu = () => (menuCode ??= import('./account-menu'));
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));

/**
 * User menu of docs/product.md §2 Layout: My Profile, Change Logo, Settings, Logout. Until it is
 * first pressed, only its button is drawn: the menu's code is fetched on the first sign of intent
 * (pointer, focus, touch), and the first press draws the menu in the button's place, open, with
 * the focus where it was.
 */
export function UserMenu({ user }: { user: User }) {
  const [logoOpened, logoModal] = useDisclosure(false);
  const { pressed, triggerProps } = useLoadOnIntent(loadMenu);
  const button = <AccountButton user={user} aria-expanded={false} {...triggerProps} />;
  return (
    <>
      {pressed ? (
        <Suspense fallback={button}>
          <AccountMenu user={user} opened focus={pressed.focus} onChangeLogo={logoModal.open} />
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
