import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request being served, wherever its work goes on (AsyncLocalStorage), so calls made on
 * its behalf carry it: LD, TS and the BI server get it as `x-request-id` (integrations/remote.ts),
 * and their logs can be matched with ours, traced or not.
 */
const current = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => current.getStore();

/** Runs the rest of a request's hooks and its handler with its id as the current one. */
export const continueWithRequestId = (requestId: string, next: () => void) => current.run(requestId, next);
