import { useSyncExternalStore } from 'react';
import { MESSAGES, SHORT_TOAST_MS, TOAST_MS } from '@portal/contract';
import { isApiError } from '../api/api-error';

export type Toast = { message: string; color?: string; title?: string; id?: string; autoClose?: number };

let hostWanted = false;
const listeners = new Set<() => void>();

/**
 * How long a toast stays (docs/product.md §9: 5 s in some flows, 3 s in others): a success is
 * read at a glance and goes after 3 s; a failure or a warning stays 5 s. A toast may set its own.
 */
export const autoCloseOf = (toast: Toast) =>
  toast.autoClose ?? (toast.color === 'green' ? SHORT_TOAST_MS : TOAST_MS);

/**
 * Shows a toast (Mantine notifications). The notifications code loads on first use, not with the
 * sign-in screen, to keep /login small; signed-in screens prefetch it (see preloadToasts).
 */
export function showToast(toast: Toast) {
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  void import('@mantine/notifications')
    .then(({ notifications }) => notifications.show({ ...toast, autoClose: autoCloseOf(toast) }))
    .catch(() => console.error(`Toast could not be shown: ${toast.message}`));
}

/**
 * A failed call's toast with the server's message, written once (docs/architecture.md part 2): a 4xx
 * is the caller's to say. A 5xx or no answer already has the API client's toast, unless the call
 * was `quiet` (its caller says every failure itself). A failure that is no ApiError (an answer
 * that broke the contract) is a bug: no toast, unless the call was quiet.
 */
export function toastApiError(
  error: unknown,
  { color = 'red', quiet = false }: { color?: string; quiet?: boolean } = {},
) {
  if (isApiError(error)) {
    if (quiet || !error.isServerError) showToast({ color, message: error.message });
  } else if (quiet) showToast({ color, message: MESSAGES.serverError });
}

/** Warm the toast code while idle, so a toast still shows when the network is what failed. */
export function preloadToasts() {
  if (hostWanted) return;
  hostWanted = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useToastHostWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => hostWanted,
    () => false,
  );
