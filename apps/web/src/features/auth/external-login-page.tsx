import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../shared/routes';
import { clearSession, saveSession } from '../../shared/session/session-store';
import { CenteredShell } from '../../shared/ui/centered-shell';
import { showToast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { isApiError } from '../../shared/api/api-error';
import { takeHandOffToken } from '../../shared/session/hand-off-token';
import { externalLogin } from './api/external-login';
import { logout } from './api/logout';

/**
 * /ext-login?token= (docs/product.md §2 External login): an LD/TS hand-off. Any current session ends first,
 * then the token is exchanged for a portal session.
 */
export function ExternalLoginPage() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the token is single use.
    started.current = true;
    // main.tsx took it out of the address bar on load; an in-app navigation still has it in the URL.
    const token = takeHandOffToken() ?? params.get('token');
    const fail = (message: string | null) => {
      if (message) showToast({ color: 'red', message });
      void navigate(routes.login, { replace: true });
    };
    if (!token) return fail(MESSAGES.noToken);
    void (async () => {
      await logout().catch(() => undefined);
      clearSession();
      try {
        saveSession(await externalLogin(token));
        void navigate(routes.dashboard, { replace: true });
      } catch (error) {
        // A 5xx (LD or TS down) already has its toast with the server's message (docs/product.md §8).
        fail(isApiError(error) && error.isServerError ? null : MESSAGES.externalLoginFailed);
      }
    })();
  }, [navigate, params]);

  return (
    <CenteredShell>
      <Stack align="center" gap="md" mih={200} justify="center" role="status" aria-live="polite">
        <Loader size="md" type="dots" />
        <Text fw={500}>{MESSAGES.pleaseWait}</Text>
      </Stack>
    </CenteredShell>
  );
}
