import { sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';

/** PostgreSQL's NOTIFY, the sending half of the bus between instances (bus.ts listens). */
export const createNotifyRepository = defineRepository((db: Executor) => ({
  async notify(channel: string, payload: string) {
    await db.execute(sql`select pg_notify(${channel}, ${payload})`);
  },
}));
