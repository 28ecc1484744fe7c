import { count, desc } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import type { Executor } from '../db/types';
import type { Mail } from './templates';

export async function insertOutboxMail(db: Executor, mail: Mail) {
  await db.insert(mailOutbox).values(mail);
}

/** Newest first. */
export async function listOutbox(db: Executor, page: number, perPage: number) {
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
}
