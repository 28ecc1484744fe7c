import { useState, type MouseEvent } from 'react';

/**
 * A control whose code loads on the first sign of intent and is drawn on the first press
 * (decision 0028): `triggerProps` fetch `load` when the pointer, focus or a touch first comes to
 * the stand-in button (a failed fetch is left for the press, whose import reports it), and a press
 * sets `pressed`, saying whether the button had the focus (the real control then takes it).
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [pressed, setPressed] = useState<{ focus: boolean } | null>(null);
  const prefetch = () => void load().catch(() => undefined);
  const triggerProps = {
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onTouchStart: prefetch,
    onClick: (event: MouseEvent<HTMLElement>) =>
      setPressed({ focus: document.activeElement === event.currentTarget }),
  };
  return { pressed, triggerProps };
}
