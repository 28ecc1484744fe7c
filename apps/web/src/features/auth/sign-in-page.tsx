import { lazy, Suspense } from 'react';
import { Alert, Anchor, Paper, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, VENDOR_CONTACT_EMAIL, type Session } from '@portal/contract';
import { saveSession } from '../../shared/session/session-store';
import { CenteredShell } from '../../shared/ui/centered-shell';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { afterSignInPath, type SignInState } from './after-sign-in';
import { login } from './api/login';
import { SignInForm } from '../../shared/sign-in/sign-in-form';
import { PasskeySignInButton } from './components/passkey-sign-in-button';

/**
 * "Continue with {provider}" (single sign-on) is its own chunk, fetched once an email is typed:
 * /login's first load carries none of it (docs/decisions/0043-single-sign-on.md).
 */
const SsoOffer = lazy(() => import('./components/sso-offer').then((m) => ({ default: m.SsoOffer })));
const typedEmail = (username: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(username.trim());

/** /login (docs/product.md §2 Login). `?status=401` says why the visitor is here. */
export function SignInPage() {
  usePageTitle('Sign In');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const onSuccess = (session: Session) => {
    saveSession(session);
    navigate(afterSignInPath(location.state as SignInState, session.user), { replace: true });
  };

  const expired = params.get('status') === '401' && (
    <Alert color="yellow" variant="light" role="alert" icon={<IconClockExclamation size={18} aria-hidden />}>
      {MESSAGES.sessionExpired}
    </Alert>
  );

  return (
    <CenteredShell>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 32 }}>
        <Title order={1} fz={26} fw={700} lts={-0.3}>
          Sign In
        </Title>
        <Text c="dimmed" fz="sm" mt={4} mb="lg">
          Use your portal, Live Dispatch or Tattle Systems account.
        </Text>
        <SignInForm
          submit={login}
          onSuccess={onSuccess}
          notice={expired}
          usernameAutoComplete="username webauthn"
          below={(username) =>
            typedEmail(username) && (
              <Suspense fallback={null}>
                <SsoOffer email={username} />
              </Suspense>
            )
          }
        />
        <PasskeySignInButton onSuccess={onSuccess} />
        <Text ta="center" fz="sm" c="dimmed" mt="lg">
          {MESSAGES.contactVendor}{' '}
          <Anchor href={`mailto:${VENDOR_CONTACT_EMAIL}`} fz="sm" underline="always">
            {VENDOR_CONTACT_EMAIL}
          </Anchor>
          .
        </Text>
      </Paper>
    </CenteredShell>
  );
}
