import type { OutboxRepository } from './repository';

/** The development outbox, read by admins (the route answers 404 in production, before any of this). */
export function createOutboxService(deps: { outbox: OutboxRepository }) {
  return {
    async page(page: number, perPage: number) {
      return { ...(await deps.outbox.page(page, perPage)), page, perPage };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
