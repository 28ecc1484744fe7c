import { asc, sql } from 'drizzle-orm';
import { systemSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export type SettingRow = { key: string; value: string | null };

export async function listSettings(db: Executor): Promise<SettingRow[]> {
  return db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .orderBy(asc(systemSettings.key));
}

export async function upsertSettings(db: Executor, rows: SettingRow[], now: Date) {
  await db
    .insert(systemSettings)
    .values(rows.map((r) => ({ key: r.key, value: r.value, updatedAt: now })))
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    });
}
