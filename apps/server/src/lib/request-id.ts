import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request being served, wherever its work goes on (AsyncLocalStorage), so calls made on
 * its behalf carry it: LD, TS and the BI server get it as `x-request-id` (integrations/remote.ts),
 * and their logs can be matched with ours, traced or not.
 */
const current = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => current.getStore();

/** A client's own x-request-id as the log may keep it (word characters and dashes, at most 64), or undefined. */
export const clientRequestId = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : undefined;

/** Runs the rest of a request's hooks and its handler with its id as the current one. */
export const continueWithRequestId = (requestId: string, next: () => void) => current.run(requestId, next);
