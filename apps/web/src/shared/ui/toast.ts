import { useSyncExternalStore } from 'react';
import { MESSAGES, SHORT_TOAST_MS, TOAST_MS } from '@portal/contract';
import { isApiError } from '../api/api-error';

export type Toast = { message: string; color?: string; title?: string; id?: string; autoClose?: number };
/** A toast on screen: `key` tells it from the others (a toast with an `id` replaces its namesake). */
export type ShownToast = Toast & { key: string; autoClose: number };

/** At most this many at once; later ones wait for a place (as Mantine's notifications did). */
export const TOAST_LIMIT = 5;

let hostWanted = false;
let shown: readonly ShownToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * How long a toast stays (docs/product.md §9: 5 s in some flows, 3 s in others): a success is
 * read at a glance and goes after 3 s; a failure or a warning stays 5 s. A toast may set its own.
 */
export const autoCloseOf = (toast: Toast) =>
  toast.autoClose ?? (toast.color === 'green' ? SHORT_TOAST_MS : TOAST_MS);

/**
 * Shows a toast. The list lives here; the host that draws it (notifications-host.tsx) loads on
 * first use, not with the sign-in screen, to keep /login small; signed-in screens prefetch it
 * (see preloadToasts). A toast with the `id` of one on screen takes its place.
 */
export function showToast(toast: Toast) {
  hostWanted = true;
  const next: ShownToast = { ...toast, key: toast.id ?? `toast-${++counter}`, autoClose: autoCloseOf(toast) };
  shown = shown.some((t) => t.key === next.key)
    ? shown.map((t) => (t.key === next.key ? next : t))
    : [...shown, next];
  changed();
}

/** Takes a toast off the screen (its close button, its time is up). */
export function hideToast(key: string) {
  shown = shown.filter((t) => t.key !== key);
  changed();
}

/** No toast on screen: between tests, which share this module. */
export function clearToasts() {
  shown = [];
  changed();
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
  changed();
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

/** The toasts on screen, oldest first. */
export const useToasts = () =>
  useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
