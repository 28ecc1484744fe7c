import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request being served, wherever its work goes on (AsyncLocalStorage), so calls made on
 * its behalf carry it: LD, TS and the BI server get it as `x-request-id` (integrations/remote.ts),
 * and their logs can be matched with ours, traced or not.
 */
const current = new AsyncLocalStorage<ServedRequest>();

/** What the request being served tells the work done on its behalf. */
type ServedRequest = { id: string; request: { readonly ip: string } };

export const currentRequestId = (): string | undefined => current.getStore()?.id;

/**
 * The client address of the request being served (Fastify's `request.ip`, read when asked: the
 * hot routes never pay for it), so every audit row a request causes carries it (lib/audit.ts).
 */
export const currentClientIp = (): string | undefined => current.getStore()?.request.ip;

/** A client's own x-request-id as the log may keep it (word characters and dashes, at most 64), or undefined. */
export const clientRequestId = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : undefined;

/** Runs the rest of a request's hooks and its handler with it as the current one. */
export const continueWithRequest = (
  request: { readonly id: string; readonly ip: string },
  next: () => void,
) => current.run({ id: request.id, request }, next);
