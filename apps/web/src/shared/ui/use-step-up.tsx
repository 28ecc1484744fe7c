import { useRef, useState, type ReactNode } from 'react';
import { USER_ADMIN_MESSAGES } from '@portal/contract';
import { isApiError } from '../api/api-error';
import { ConfirmPasswordModal } from './confirm-password-modal';

/** The admin closed the password question: nothing was changed, and nothing needs saying. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';
}
export const isStepUpCancelled = (error: unknown): error is StepUpCancelled =>
  error instanceof StepUpCancelled;

/**
 * The server asks for the acting admin's own password (docs/api.md "Step-up"): a 422 with its
 * sentence and `current_password` under errors. One's own email or password change is another
 * 422 on `current_password`, answered in the form's own field.
 */
export const asksForPassword = (error: unknown) =>
  isApiError(error) &&
  error.status === 422 &&
  error.message === USER_ADMIN_MESSAGES.stepUpRequired &&
  error.fieldError('current_password') !== undefined;

type Pending = { run: (password: string) => Promise<void>; cancel: () => void };

/**
 * Runs a change once without a password; when the server asks for one, shows the confirm-password
 * dialog and runs it again with what was typed (a wrong password is said under the field, and the
 * admin may try again or cancel). Resolves with the change's answer; rejects with StepUpCancelled
 * when the dialog is closed. Render `modal` once where the hook is used.
 */
export function useStepUp(title: string): {
  withStepUp: <T>(change: (currentPassword?: string) => Promise<T>) => Promise<T>;
  modal: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const show = (next: Pending | null) => {
    pendingRef.current = next;
    setPending(next);
  };

  async function withStepUp<T>(change: (currentPassword?: string) => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (!asksForPassword(error)) throw error;
    }
    return new Promise<T>((resolve, reject) => {
      show({
        run: async (password) => {
          // A wrong password throws here: the dialog shows it under its field and stays open.
          const answer = await change(password);
          show(null);
          resolve(answer);
        },
        cancel: () => {
          show(null);
          reject(new StepUpCancelled());
        },
      });
    });
  }

  const modal = (
    <ConfirmPasswordModal
      opened={pending !== null}
      title={title}
      reason={USER_ADMIN_MESSAGES.stepUpWhy}
      onConfirm={(password) => pendingRef.current?.run(password) ?? Promise.resolve()}
      onCancel={() => pendingRef.current?.cancel()}
    />
  );
  return { withStepUp, modal };
}
