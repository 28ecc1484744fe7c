import { mailOutbox } from '../db/schema';
import type { Executor } from '../db/types';
import type { Mail } from './templates';

/** The outbox transport's one write (read by modules/mail-outbox). */
export async function insertOutboxMail(db: Executor, mail: Mail) {
  await db.insert(mailOutbox).values(mail);
}
