import { ADMIN_ONLY_META_KEYS, USER_ADMIN_MESSAGES, type MetaUpdate } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionCache } from '../auth/session-cache';
import { findUserRecord, listMeta, upsertMeta, type MetaRow, type UserRecord } from '../users/queries';
import { isAdmin } from '../users/rules';

export type MetaActor = { user: UserRecord; ip: string | null };

/** POST meta/user: a user's profile fields and settings toggles (API.md "Meta keys"). */
export function createMetaService(deps: {
  db: Db;
  sessionCache: Pick<SessionCache, 'forget'>;
  now?: () => Date;
}) {
  const { db, sessionCache } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Sets the given keys (keys and values are already checked by metaUpdateSchema) and answers the
     * user's whole meta list. Own user, or an admin for anyone; admin-only keys (admin notes, Uses
     * NSBI) need an admin even on one's own user. Authorisation comes before existence, so a customer
     * learns nothing about other users' ids.
     */
    async save(input: MetaUpdate, actor: MetaActor): Promise<MetaRow[]> {
      const admin = isAdmin(actor.user);
      if (!admin && input.user_id !== actor.user.id) throw AppError.forbidden();
      if (!admin && input.meta.some((m) => ADMIN_ONLY_META_KEYS.includes(m.key))) {
        throw AppError.forbidden(USER_ADMIN_MESSAGES.adminOnlyMeta);
      }
      if (!(await findUserRecord(db, input.user_id))) throw AppError.notFound();

      const saved = await db.transaction(async (tx) => {
        const before = new Map((await listMeta(tx, input.user_id)).map((m) => [m.key, m.value]));
        await upsertMeta(tx, input.user_id, input.meta, now());
        const changes = input.meta
          .filter((m) => (before.get(m.key) ?? null) !== m.value)
          .map((m) => ({ key: m.key, from: before.get(m.key) ?? null, to: m.value }));
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: 'users.meta_updated',
          targetType: 'user',
          targetId: input.user_id,
          ip: actor.ip,
          details: { changes },
        });
        return listMeta(tx, input.user_id);
      });
      // The auth context carries meta (settings flags): drop this user's cached sessions.
      sessionCache.forget({ userId: input.user_id });
      return saved;
    },
  };
}
