import type { ApiError } from './api-error';

/**
 * What the app does about global API outcomes (docs/product.md §8). The client only reports them; the app
 * wires navigation and toasts in app/providers, so the client stays free of UI and testable.
 */
export type ApiHooks = {
  /** A call made with a portal token got 401 and the session could not be renewed. */
  onUnauthorized?: () => void;
  /** 5xx or no response: `message` is already extracted in the order of docs/product.md §8. */
  onServerError?: (message: string, error: ApiError) => void;
};

let hooks: ApiHooks = {};

export function setApiHooks(next: ApiHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = {};
  };
}

export const getApiHooks = (): ApiHooks => hooks;
