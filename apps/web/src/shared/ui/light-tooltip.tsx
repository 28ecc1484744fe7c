import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './light-tooltip.module.css';

/** Space between the element and the bubble, and the least distance to the window's edges. */
const GAP = 8;
const EDGE = 8;

type Placement = 'top' | 'bottom-start';

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/** What a tooltip can be put on: one element that takes a ref and pointer and focus handlers. */
export type TooltipTarget = ReactElement<TriggerProps>;

type LightTooltipProps = {
  label: ReactNode;
  children: TooltipTarget;
  position?: Placement;
  /** Shown from hover and focus (after `openDelay` ms) unless the caller says when. */
  opened?: boolean;
  openDelay?: number;
  multiline?: boolean;
  maw?: number;
};

type Spot = { top: number; left: number; arrowX: number; side: 'top' | 'bottom' };

/**
 * A label bubble beside an element, drawn like Mantine's Tooltip but placed by a few lines of
 * arithmetic instead of its floating-element library (~18 KB over the wire on every screen that
 * has a tooltip, decision 0039). Above (centred) or below (start-aligned) the element, flipped
 * to the other side and kept inside the window when there is no room; it follows scrolling.
 * Like Mantine's, it is a visual aid: the element carries its own accessible name or
 * description.
 */
export function LightTooltip({
  label,
  children,
  position = 'top',
  opened,
  openDelay = 0,
  multiline = false,
  maw,
}: LightTooltipProps) {
  // The element, as state: a callback ref handed over in render may not touch a ref object.
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement | null>(null);
  // The hover or focus under way (numbered, each a new one) and the last whose delay is over.
  const [pointer, setPointer] = useState({ on: false, n: 0 });
  const [ripe, setRipe] = useState(0);
  const [spot, setSpot] = useState<Spot | null>(null);
  const id = useId();
  const shown = opened ?? (pointer.on && (!openDelay || ripe === pointer.n));
  useEffect(() => {
    if (!pointer.on || !openDelay) return;
    const timer = setTimeout(() => setRipe(pointer.n), openDelay);
    return () => clearTimeout(timer);
  }, [pointer, openDelay]);
  const show = () => setPointer((p) => ({ on: true, n: p.n + 1 }));
  const hide = () => setPointer((p) => ({ on: false, n: p.n }));

  const place = useCallback(() => {
    const box = bubble.current;
    if (!target || !box) return;
    const rect = target.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = box;
    const room = { above: rect.top - GAP - height, below: rect.bottom + GAP + height };
    let side: Spot['side'] = position === 'top' ? 'top' : 'bottom';
    if (side === 'top' && room.above < EDGE) side = 'bottom';
    else if (side === 'bottom' && room.below > window.innerHeight - EDGE && room.above >= EDGE) side = 'top';
    const wanted = position === 'top' ? rect.left + rect.width / 2 - width / 2 : rect.left;
    const left = Math.max(EDGE, Math.min(wanted, window.innerWidth - EDGE - width));
    const top = side === 'top' ? rect.top - GAP - height : rect.bottom + GAP;
    // The arrow points at the element's middle, or near its start for a start-aligned bubble.
    const aim = position === 'top' ? rect.left + rect.width / 2 : rect.left + Math.min(16, rect.width / 2);
    const arrowX = Math.max(10, Math.min(aim - left, width - 10));
    setSpot({ top, left, arrowX, side });
  }, [position, target]);

  useLayoutEffect(() => {
    if (!shown) return;
    place();
    // Dismissable without moving the pointer or focus (WCAG 1.4.13): Escape hides it.
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    addEventListener('scroll', place, { capture: true, passive: true });
    addEventListener('resize', place);
    addEventListener('keydown', dismiss);
    return () => {
      removeEventListener('scroll', place, { capture: true });
      removeEventListener('resize', place);
      removeEventListener('keydown', dismiss);
    };
  }, [shown, place, label]);

  const own = children.props;
  const trigger = cloneElement(children, {
    ref: setTarget,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      show();
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {shown &&
        createPortal(
          <div
            ref={bubble}
            id={id}
            role="tooltip"
            className={classes.tooltip}
            data-multiline={multiline || undefined}
            data-position={spot?.side}
            style={{
              maxWidth: maw,
              top: spot?.top ?? 0,
              left: spot?.left ?? 0,
              // Measured first, then shown where it fits: no flash at the corner.
              visibility: spot ? undefined : 'hidden',
              ['--arrow-x' as string]: `${spot?.arrowX ?? 0}px`,
            }}
          >
            {label}
          </div>,
          document.body,
        )}
    </>
  );
}
