import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { SSO_MESSAGES, type SsoLookup } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import { FormError } from '../../../shared/forms/form-error';
import { lookUpSsoProvider, rememberSsoAttempt, startSsoSignIn } from '../api/sso';

const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** Typing pauses this long before the domain is looked up. */
const DEBOUNCE_MS = 350;

/**
 * "Continue with {provider}" under the sign-in button, when the typed email's domain has an
 * identity provider (docs/decisions/0043-single-sign-on.md). The browser leaves for the provider;
 * /sso/callback finishes the sign-in.
 */
export function SsoOffer({ email }: { email: string }) {
  const [found, setFound] = useState<{ email: string; provider: SsoLookup } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = email.trim();
  const looksLikeEmail = LOOKS_LIKE_EMAIL.test(typed);

  useEffect(() => {
    if (!looksLikeEmail) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookUpSsoProvider(typed, controller.signal).then(
        (provider) => setFound({ email: typed, provider }),
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, looksLikeEmail]);

  // Shown for the email it was found for: a changed email hides it until its own lookup answers.
  const provider = looksLikeEmail && found?.email === typed ? found.provider : null;
  if (!provider) return null;
  const start = async () => {
    setError(null);
    setLeaving(true);
    try {
      const { url, attempt } = await startSsoSignIn(provider.id);
      // The provider returns to the portal's own address (APP_URL); the attempt's secret is kept by
      // this tab's storage, which another address (127.0.0.1 for localhost, an old host name) cannot
      // read there: the sign-in would come back refused.
      const back = new URL(url).searchParams.get('redirect_uri');
      const home = back ? new URL(back).origin : window.location.origin;
      if (home !== window.location.origin) {
        setLeaving(false);
        setError(SSO_MESSAGES.wrongAddress(home));
        return;
      }
      rememberSsoAttempt(attempt);
      window.location.assign(url);
    } catch (failure) {
      setLeaving(false);
      // A 5xx is toasted by the global rule; a 4xx (the provider was turned off) is said here.
      setError(isApiError(failure) && !failure.isServerError ? failure.message : null);
    }
  };
  return (
    <>
      <FormError message={error} />
      <Button
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconBuilding size={18} aria-hidden />}
        loading={leaving}
        onClick={() => void start()}
      >
        {SSO_MESSAGES.continueWith(provider.name)}
      </Button>
    </>
  );
}
