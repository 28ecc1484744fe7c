import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { routes } from '../../shared/routes';
import { clearSession, saveSession } from '../../shared/session/session-store';
import { CenteredShell } from '../../shared/ui/centered-shell';
import { showToast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { externalLogin } from './api/external-login';
import { logout } from './api/logout';

/**
 * /ext-login?token= (SPEC §2 External login): an LD/TS hand-off. Any current session ends first,
 * then the token is exchanged for a portal session.
 */
export function ExternalLoginPage() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the token may be single use.
    started.current = true;
    const fail = (message: string) => {
      showToast({ color: 'red', message });
      void navigate(routes.login, { replace: true });
    };
    if (!token) return fail(MESSAGES.noToken);
    void (async () => {
      await logout().catch(() => undefined);
      clearSession();
      try {
        saveSession(await externalLogin(token));
        void navigate(routes.dashboard, { replace: true });
      } catch {
        fail(MESSAGES.externalLoginFailed);
      }
    })();
  }, [navigate, token]);

  return (
    <CenteredShell>
      <Stack align="center" gap="md" mih={200} justify="center" role="status" aria-live="polite">
        <Loader size="md" type="dots" />
        <Text fw={500}>{MESSAGES.pleaseWait}</Text>
      </Stack>
    </CenteredShell>
  );
}
