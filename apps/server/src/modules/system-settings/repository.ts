import { asc, eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { systemSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export type SettingRow = { key: string; value: string | null };

/** system_settings: one row per key (today maintenance_mode). */
export const createSettingRepository = defineRepository((db: Executor) => ({
  async list(): Promise<SettingRow[]> {
    return db
      .select({ key: systemSettings.key, value: systemSettings.value })
      .from(systemSettings)
      .orderBy(asc(systemSettings.key));
  },

  async value(key: string): Promise<string | null | undefined> {
    const [row] = await db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, key));
    return row?.value;
  },

  async upsert(rows: SettingRow[], now: Date) {
    await db
      .insert(systemSettings)
      .values(rows.map((r) => ({ key: r.key, value: r.value, updatedAt: now })))
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
  },
}));

export type SettingRepository = ReturnType<typeof createSettingRepository>;
