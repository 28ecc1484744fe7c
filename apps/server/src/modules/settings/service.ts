import type { SaveSystemSettingsRequest } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { listSettings, upsertSettings, type SettingRow } from './queries';

export function createSettingsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    list: () => listSettings(db),

    /**
     * Saves the given settings (keys and values are already checked by the request schema; only
     * admins reach this) and answers the full list. The change and its audit row commit together.
     */
    async saveMany(
      items: SaveSystemSettingsRequest,
      actor: { userId: number; ip: string },
    ): Promise<SettingRow[]> {
      // The same key twice: the last one wins, as a form posting in order would expect.
      const wanted = [...new Map(items.map((i) => [i.key, i.value])).entries()].map(([key, value]) => ({
        key,
        value,
      }));
      return db.transaction(async (tx) => {
        const before = new Map((await listSettings(tx)).map((s) => [s.key, s.value]));
        await upsertSettings(tx, wanted, now());
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'system_settings.saved',
          targetType: 'system_settings',
          ip: actor.ip,
          details: {
            changes: wanted.map((w) => ({ key: w.key, from: before.get(w.key) ?? null, to: w.value })),
          },
        });
        return listSettings(tx);
      });
    },
  };
}
