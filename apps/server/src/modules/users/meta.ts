import { META_KEYS, USER_ADMIN_MESSAGES, type MetaUpdate } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../tokens';
import type { BiAccounts } from './bi-accounts';
import { canEditUser, isAdmin, type Actor, type MetaRow, type UserRepository } from '../directory';
import { canSetMetaKeys, needsCurrentPassword, needsStepUp } from './policy';
import type { ConfirmCurrentPassword } from './reauth';

/** POST meta/user: a user's profile fields and settings toggles (docs/api.md "Meta keys"). */
export function createUserMetaService(deps: {
  db: Db;
  users: UserRepository;
  tokens: Pick<TokenService, 'forget'>;
  biAccounts: Pick<BiAccounts, 'ensureAccount'>;
  now: () => Date;
  confirmCurrentPassword: ConfirmCurrentPassword;
  /** The acting admin's own password, for a change to another administrator (service.ts). */
  confirmActor: (actor: Actor, given: string | undefined) => Promise<void>;
}) {
  const { db, users, tokens } = deps;

  return {
    /**
     * Sets the given keys (keys and values are already checked by metaUpdateSchema) and answers the
     * user's whole meta list. Own user, or an admin for anyone; admin-only keys (admin notes, Uses
     * NSBI) need an admin even on one's own user. Authorisation comes before existence, so a customer
     * learns nothing about other users' ids.
     */
    async saveMeta(
      input: MetaUpdate,
      actor: Actor,
    ): Promise<{ meta: MetaRow[]; biAccount?: 'ready' | 'failed' }> {
      if (!canEditUser(actor, input.user_id)) throw AppError.forbidden();
      if (
        !canSetMetaKeys(
          actor,
          input.meta.map((m) => m.key),
        )
      ) {
        throw AppError.forbidden(USER_ADMIN_MESSAGES.adminOnlyMeta);
      }
      const user = await users.find(input.user_id);
      if (!user) throw AppError.notFound();
      // Turning one's own two-factor off needs the current password (a stolen token could else),
      // and turning another administrator's off needs the acting admin's.
      const twoFactorOn = user.meta.some((m) => m.key === META_KEYS.twoFactor && m.value === '1');
      const turnsOff = input.meta.some((m) => m.key === META_KEYS.twoFactor && m.value !== '1');
      if (twoFactorOn && turnsOff && needsCurrentPassword(actor, input.user_id))
        await deps.confirmCurrentPassword(user, input.current_password, actor);
      else if (twoFactorOn && turnsOff && needsStepUp(actor, input.user_id, { admin: isAdmin(user) }))
        await deps.confirmActor(actor, input.current_password);

      const saved = await db.transaction(async (tx) => {
        const before = new Map((await users.in(tx).listMeta(input.user_id)).map((m) => [m.key, m.value]));
        await users.in(tx).upsertMeta(input.user_id, input.meta, deps.now());
        const changes = input.meta
          .filter((m) => (before.get(m.key) ?? null) !== m.value)
          .map((m) => ({ key: m.key, from: before.get(m.key) ?? null, to: m.value }));
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'users.meta_updated',
          targetType: 'user',
          targetId: input.user_id,
          ip: actor.ip,
          details: { changes },
        });
        return users.in(tx).listMeta(input.user_id);
      });
      // The auth context carries meta (settings flags): drop this user's cached sessions.
      tokens.forget({ userId: input.user_id });
      // Turning Uses NSBI on is followed by BI account creation (docs/product.md §4), here in the
      // same call: the screen no longer asks for it after every toggle (and got 409 each time).
      const nsbiOn = input.meta.some((m) => m.key === META_KEYS.nsbiEnabled && m.value === '1');
      if (!nsbiOn) return { meta: saved };
      const biAccount = await deps.biAccounts.ensureAccount(input.user_id, actor).then(
        () => 'ready' as const,
        () => 'failed' as const,
      );
      return { meta: saved, biAccount };
    },
  };
}
