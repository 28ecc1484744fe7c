import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A dialog component whose code (Mantine's Modal with its focus trap and scroll lock, ~7 KB over
 * the wire, and the dialog's own) comes with its first opening: the screens that may open it draw
 * nothing of it until then (decisions 0039, 0045). From then on it stays drawn, so it closes with
 * its transition and opens again at once. `preload` fetches the code early, e.g. on the intent to
 * press the button that opens it (`openerProps`).
 */
export function dialogOnFirstOpen<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function DialogOnFirstOpen(props: P) {
    const [asked, setAsked] = useState(props.opened);
    if (props.opened && !asked) setAsked(true);
    if (!asked) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  // A failed fetch is left for the opening, whose import reports it.
  const preload = () => void load().catch(() => undefined);
  return Object.assign(DialogOnFirstOpen, { preload });
}

/** Props of a button that opens a dialog: the pointer, the focus or a touch on it fetch the dialog's code. */
export const openerProps = (dialog: { preload: () => void }) => ({
  onPointerEnter: dialog.preload,
  onFocus: dialog.preload,
  onTouchStart: dialog.preload,
});
