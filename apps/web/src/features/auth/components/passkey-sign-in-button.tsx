import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Session } from '@portal/contract';
import { autofillSupported, passkeysSupported } from '../../../shared/passkeys/support';

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
    let started = false;
    const start = () => {
      void autofillSupported()
        .then(async (supported) => {
          if (!supported || !active) return;
          started = true;
          const { passkeySignIn, failureMessage } = await ceremony();
          try {
            const session = await passkeySignIn(true);
            if (active) done.current(session);
          } catch (failure) {
            // Replaced by the button's ceremony, or never used: nothing to say (failureMessage).
            const message = failureMessage(failure, true);
            if (active && message) setError(message);
          }
        })
        // Autofill is an extra nobody asked for: a chunk that did not load leaves the button.
        .catch(() => undefined);
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
      // Signed in with a password meanwhile: the autofill request waiting in the browser ends too.
      if (started)
        void ceremony().then(
          (m) => m.cancelPasskeySignIn(),
          () => undefined,
        );
    };
  }, []);

  if (!passkeysSupported()) return null;

  const onClick = async () => {
    setError(null);
    setPending(true);
    try {
      const { passkeySignIn, failureMessage } = await ceremony();
      try {
        onSuccess(await passkeySignIn());
      } catch (failure) {
        setError(failureMessage(failure));
      }
    } catch (failure) {
      // The ceremony's code could not be loaded (offline, a new release): say why.
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {/* Not Mantine's Divider: its code and styles would be /login's only user of them. */}
      <Text ta="center" fz="sm" c="dimmed" my="sm">
        or
      </Text>
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
        // Focus stays in the form's field: leaving it empty would show its required message, which
        // means nothing to someone signing in with a passkey.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void onClick()}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
