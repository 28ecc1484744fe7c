import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, SSO_MESSAGES } from '@portal/contract';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/routes';
import { clearSession, saveSession } from '../../shared/session/session-store';
import { CenteredShell } from '../../shared/ui/centered-shell';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { finishSsoSignIn, takeSsoAttempt } from './api/sso';

/**
 * /sso/callback: the identity provider sent the person back. The provider's answer and this tab's
 * attempt secret go to the portal, which checks everything (docs/decisions/0043-single-sign-on.md);
 * a refusal is shown here with its reason, never as a bare redirect.
 */
export function SsoCallbackPage() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the code is single use.
    started.current = true;
    const attempt = takeSsoAttempt();
    const state = params.get('state');
    const answer = {
      code: params.get('code') ?? undefined,
      iss: params.get('iss') ?? undefined,
      error: params.get('error') ?? undefined,
      error_description: params.get('error_description') ?? undefined,
    };
    // The provider's code and state leave the address bar (and this history entry) at once: spent
    // or refused, they are nothing to bookmark, share or send again with Back.
    void navigate({ search: '' }, { replace: true });
    void (async () => {
      if (!attempt || !state) {
        setError(SSO_MESSAGES.attemptInvalid);
        return;
      }
      clearSession();
      try {
        const session = await finishSsoSignIn({ attempt, state, ...answer });
        saveSession(session);
        void navigate(routes.dashboard, { replace: true });
      } catch (failure) {
        setError(isApiError(failure) ? failure.message : MESSAGES.serverError);
      }
    })();
  }, [navigate, params]);

  return (
    <CenteredShell>
      {error ? (
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 32 }}>
          <Title order={1} fz={24} fw={700} mb="md">
            Single sign-on
          </Title>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Text mt="lg" ta="center">
            <Anchor component={Link} to={routes.login} replace>
              Back to Sign In
            </Anchor>
          </Text>
        </Paper>
      ) : (
        <Stack align="center" gap="md" mih={200} justify="center" role="status" aria-live="polite">
          <Loader size="md" type="dots" />
          <Text fw={500}>{MESSAGES.pleaseWait}</Text>
        </Stack>
      )}
    </CenteredShell>
  );
}
