import { Suspense, lazy, useState } from 'react';
import type { ConfirmModalProps } from './confirm-dialog';

export type { ConfirmAction } from './confirm-dialog';

// The dialog's code (Modal, its focus trap and scroll lock) comes with the first question asked:
// the screens that may ask one draw nothing of it until then (decision 0039).
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The generic confirmation modal (docs/product.md §2 Modals): a question, Cancel, and one or more
 * actions. Nothing is drawn before it first opens; from then on it stays, so it can close with its
 * transition and open again at once.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const [asked, setAsked] = useState(props.opened);
  if (props.opened && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
