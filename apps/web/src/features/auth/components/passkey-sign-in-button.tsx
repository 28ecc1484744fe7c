import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Session } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';
import {
  autofillSupported,
  ceremonyErrorMessage,
  isCancelled,
  passkeysSupported,
} from '../../../shared/passkeys/webauthn';

const ceremony = () => import('../passkey-sign-in');

/**
 * /login's "Sign in with a passkey" (any passkey of this site: discoverable credentials), and
 * passkeys in the username field's autofill where the browser offers them. The autofill request
 * starts at the visitor's first key or press in a field, not at load: a visitor who only looks at
 * /login downloads nothing more (decision 0017), and a press on the button starts only its own.
 */
export function PasskeySignInButton({ onSuccess }: { onSuccess: (session: Session) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const done = useRef(onSuccess);
  useEffect(() => {
    done.current = onSuccess;
  });

  useEffect(() => {
    let active = true;
    const start = () => {
      void autofillSupported().then(async (supported) => {
        if (!supported || !active) return;
        try {
          const session = await (await ceremony()).passkeySignIn(true);
          if (active) done.current(session);
        } catch (failure) {
          // The button's ceremony replaced this one, or autofill was not used: nothing to say. The
          // server's refusal of a passkey picked from the suggestions is said.
          if (active && isApiError(failure)) setError(failure.message);
        }
      });
    };
    const events = ['pointerdown', 'keydown'] as const;
    const once = (event: Event) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      events.forEach((e) => document.removeEventListener(e, once, true));
      start();
    };
    events.forEach((e) => document.addEventListener(e, once, true));
    return () => {
      active = false;
      events.forEach((e) => document.removeEventListener(e, once, true));
    };
  }, []);

  if (!passkeysSupported()) return null;

  const onClick = async () => {
    setError(null);
    setPending(true);
    try {
      onSuccess(await (await ceremony()).passkeySignIn());
    } catch (failure) {
      if (!isCancelled(failure)) setError(ceremonyErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Divider label="or" labelPosition="center" my="md" />
      {error && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={pending}
        onClick={() => void onClick()}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
