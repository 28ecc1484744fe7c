import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../shared/session/session-store';
import { loginUrl } from '../../shared/session/login-url';
import { isMobileView } from '../../shared/storage/mobile-view';
import { CenteredShell } from '../../shared/ui/centered-shell';
import { PageLoader } from '../../shared/ui/page-loader';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useLogout } from './api/logout';

/**
 * /logout, also the target of the user menu and of "Log In with another account" (docs/product.md §2/§4):
 * revoke the token, clear session storage but keep the NSBI flag, then go to sign-in.
 */
export function LogoutPage() {
  usePageTitle('Signing out');
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; revoke once.
    started.current = true;
    const mobile = isMobileView();
    // A failed revoke must not keep anyone signed in locally: clear either way.
    void mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        navigate(loginUrl({ mobile }), { replace: true });
      });
  }, [mutateAsync, navigate]);

  return (
    <CenteredShell>
      <PageLoader label="Signing out…" />
    </CenteredShell>
  );
}
