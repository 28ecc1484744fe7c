import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from '../ui/confirm-modal';

export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  message: 'You have changes that are not saved. If you leave now, they are lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * Asks before edits are lost: an in-app navigation away from the form's page (a link, Back, a
 * modal's close) waits for "Leave", and closing or reloading the tab gets the browser's own
 * question. `dirty` is read when the navigation starts; while `saving`, nothing is asked (a
 * successful save navigates on purpose). Answers the modal to render beside the form.
 */
export function useUnsavedChangesGuard({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const guarding = dirty && !saving;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarding && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!guarding) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers show their question only when this is set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarding]);

  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={UNSAVED_CHANGES.title}
      message={UNSAVED_CHANGES.message}
      cancelLabel={UNSAVED_CHANGES.stay}
      onClose={() => blocker.reset?.()}
      actions={[{ label: UNSAVED_CHANGES.leave, color: 'red', onConfirm: () => blocker.proceed?.() }]}
    />
  );
}
