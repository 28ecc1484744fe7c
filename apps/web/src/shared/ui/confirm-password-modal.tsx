import { dialogOnFirstOpen } from './dialog-on-first-open';

/**
 * Asks for the current password before a change the server re-authenticates
 * (confirm-password-dialog.tsx), loaded when it first opens.
 */
export const ConfirmPasswordModal = dialogOnFirstOpen(() =>
  import('./confirm-password-dialog').then((m) => m.ConfirmPasswordDialog),
);
