import { Alert, Modal, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { LINKED_APP_NAMES, type LinkedApp } from '@portal/contract';
import { reloadPage } from '../../../shared/page-navigation';
import { saveUser } from '../../../shared/session/session-store';
import { SignInForm } from '../../../shared/sign-in/sign-in-form';
import { linkAccount } from '../api/link-account';

type LinkAccountModalProps = {
  /** The app to link; null: closed. */
  app: LinkedApp | null;
  /** Why it opened, when the server said (a TS session that ended): shown above the form. */
  reason?: string;
  onClose: () => void;
  /** Called after a link, before the page reloads (docs/product.md §4 "Modal link success"). */
  onLinked?: (app: LinkedApp) => void;
};

/**
 * The LD / TS login modal (docs/product.md §2 Modals): the Sign In form titled by the app, with its username
 * label and no Forgot Password link. Success: the modal closes, the callback runs, the page reloads.
 */
export function LinkAccountModal({ app, reason, onClose, onLinked }: LinkAccountModalProps) {
  const name = app ? LINKED_APP_NAMES[app] : '';
  return (
    <Modal opened={app !== null} onClose={onClose} title={name} centered radius="lg">
      {app && (
        <>
          <Text c="dimmed" fz="sm" mb="md">
            Sign in with your {name} account to link it to the portal.
          </Text>
          <SignInForm
            key={app}
            app={app}
            inModal
            notice={
              reason && (
                <Alert
                  color="yellow"
                  variant="light"
                  role="alert"
                  icon={<IconPlugConnectedX size={18} aria-hidden />}
                >
                  {reason}
                </Alert>
              )
            }
            submit={(values) => linkAccount(app, values)}
            onSuccess={(user) => {
              saveUser(user);
              onClose();
              onLinked?.(app);
              reloadPage();
            }}
          />
        </>
      )}
    </Modal>
  );
}
