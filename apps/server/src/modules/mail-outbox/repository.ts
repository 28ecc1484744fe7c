import { count, desc } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { mailOutbox } from '../../db/schema';
import type { Executor } from '../../db/types';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** mail_outbox: what the app would have mailed without SMTP_URL (the mailer writes it). */
export const createOutboxRepository = defineRepository((db: Executor) => ({
  /** Newest first. */
  async page(page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(mailOutbox),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
}));

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
