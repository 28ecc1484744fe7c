import { userClicks } from '../../db/schema';
import type { Executor } from '../../db/types';

/** One click: on the NS BI card (`nsbi`) or on a report (`report`, with its BI id). */
export async function recordClick(
  db: Executor,
  click: { userId: number; kind: 'nsbi' | 'report'; reportId?: string; at: Date },
) {
  await db
    .insert(userClicks)
    .values({ userId: click.userId, kind: click.kind, reportId: click.reportId ?? null, at: click.at });
}
