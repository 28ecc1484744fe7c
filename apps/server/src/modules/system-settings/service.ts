import { SYSTEM_SETTING_KEYS, type SaveSystemSettingsRequest } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../directory';
import type { SettingRepository, SettingRow } from './repository';

export function createSystemSettingsService(deps: { db: Db; settings: SettingRepository; now: () => Date }) {
  const { db, settings } = deps;

  return {
    list: () => settings.list(),

    /** Whether maintenance mode is on: NS BI answers non-admins 503 meanwhile (docs/product.md §4). */
    maintenanceModeOn: async () => (await settings.value(SYSTEM_SETTING_KEYS.maintenanceMode)) === '1',

    /**
     * Saves the given settings (keys and values are already checked by the request schema; only
     * admins reach this) and answers the full list. The change and its audit row commit together.
     */
    async saveMany(items: SaveSystemSettingsRequest, actor: Actor): Promise<SettingRow[]> {
      // The same key twice: the last one wins, as a form posting in order would expect.
      const wanted = [...new Map(items.map((i) => [i.key, i.value])).entries()].map(([key, value]) => ({
        key,
        value,
      }));
      return db.transaction(async (tx) => {
        const before = new Map((await settings.in(tx).list()).map((s) => [s.key, s.value]));
        await settings.in(tx).upsert(wanted, deps.now());
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'system_settings.saved',
          targetType: 'system_settings',
          ip: actor.ip,
          details: {
            changes: wanted.map((w) => ({ key: w.key, from: before.get(w.key) ?? null, to: w.value })),
          },
        });
        return settings.in(tx).list();
      });
    },
  };
}

export type SystemSettingsService = ReturnType<typeof createSystemSettingsService>;
