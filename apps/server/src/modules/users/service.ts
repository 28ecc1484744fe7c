import { ROLE_IDS, USER_ADMIN_MESSAGES, type UserPayload, type UsersQuery } from '@portal/contract';
import type { Database, Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, type FieldErrors } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { emailChangedMail, passwordChangedMail, passwordSetByAdminMail } from '../../mail/templates';
import type { TokenService } from '../tokens';
import type { BiAccounts } from './bi-accounts';
import { createUserMetaService } from './meta';
import { canEditUser, isAdmin, type Actor, type UserRecord, type UserRepository } from '../directory';
import {
  canAssignBiProject,
  canChangeRoleOf,
  canDeleteUser,
  canSetMetaKeys,
  needsCurrentPassword,
  needsStepUp,
} from './policy';
import { PASSWORD_CONFIRMED, type ConfirmCurrentPassword, type GivenPassword } from './reauth';
import { listUsers, newUserListMemos } from './list/engine';
import { exportUsers } from './list/export';
import type { ThrottleService } from '../throttle';

export type DeleteOptions = {
  block: boolean;
  deleteRemoteAccount: boolean;
  deleteRemoteFolders: boolean;
  force: boolean;
};

export type UserServiceDeps = {
  db: Db;
  /** The list runs its page statements with bound parameters (Database.query). */
  database: Pick<Database, 'db' | 'query'>;
  users: UserRepository;
  tokens: Pick<TokenService, 'revokeAllOf' | 'forget'>;
  biAccounts: BiAccounts;
  now: () => Date;
  /** Re-authentication of one's own sensitive changes and of changes to other admins (reauth.ts). */
  confirmCurrentPassword: ConfirmCurrentPassword;
  mailer: Pick<Mailer, 'sendLater'>;
  /** A new password lifts the sign-in locks standing against the account. */
  throttle: Pick<ThrottleService, 'clearAccount'>;
};

const metaChanges = (before: UserRecord['meta'], wanted: UserPayload['meta']) => {
  const old = new Map(before.map((m) => [m.key, m.value]));
  return wanted
    .filter((m) => (old.get(m.key) ?? null) !== (m.value ?? null))
    .map((m) => ({ key: m.key, from: old.get(m.key) ?? null, to: m.value ?? null }));
};

/**
 * Users administration (docs/api.md "Users") and a user's own profile: routes guard the admin area;
 * who may do what to whom is policy.ts, asked here.
 */
export function createUserService(deps: UserServiceDeps) {
  const { db, users, tokens, biAccounts, now } = deps;
  const listMemos = newUserListMemos();

  const audit = (
    tx: Executor,
    actor: Actor,
    action: string,
    userId: number,
    details: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      actorId: actor.userId,
      action,
      targetType: 'user',
      targetId: userId,
      ip: actor.ip,
      details,
    });

  async function mustFind(id: number): Promise<UserRecord> {
    const user = await users.find(id);
    if (!user) throw AppError.notFound();
    return user;
  }

  /**
   * The acting admin's own password, for the changes policy needsStepUp names; asked before any
   * other check of the change, so a stolen token learns nothing from the answers without it.
   */
  async function confirmActor(actor: Actor, given: GivenPassword) {
    if (given === PASSWORD_CONFIRMED) return;
    await deps.confirmCurrentPassword(actor.user, given, actor, USER_ADMIN_MESSAGES.stepUpRequired);
  }

  /** Field errors that need the database: a taken email (blocked users' too), an unknown role. */
  async function checkPayload(payload: UserPayload, userId?: number, extra: FieldErrors = {}) {
    const errors: FieldErrors = { ...extra };
    if (await users.isEmailTaken(payload.email, userId)) errors.email = [USER_ADMIN_MESSAGES.emailTaken];
    if (!errors.role_id && !(await users.roleExists(payload.role_id)))
      errors.role_id = [USER_ADMIN_MESSAGES.roleInvalid];
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  /** Two admins saving the same email at once: the unique index decides, and the loser gets the same 422. */
  const emailRace = (error: unknown): never => {
    if (isUniqueViolation(error, 'users_email_lower_key')) {
      throw AppError.validation({ email: [USER_ADMIN_MESSAGES.emailTaken] });
    }
    throw error;
  };

  /**
   * What the actor may change of a user with this payload: admin-only meta refused (403, as meta/user
   * answers), the BI project ignored unless theirs to assign (so the Profile form can send its value).
   */
  function allowedPayload(payload: UserPayload, actor: Actor): UserPayload {
    if (
      !canSetMetaKeys(
        actor,
        payload.meta.map((m) => m.key),
      )
    )
      throw AppError.forbidden();
    return canAssignBiProject(actor) ? payload : { ...payload, project_id: undefined };
  }

  return {
    list: (query: UsersQuery) => listUsers(deps.database, listMemos, query),

    confirmActor,

    /** Every user of the list's filter and order, for the CSV export (read in keyset batches). */
    exportRows: (query: UsersQuery) => exportUsers(deps.database, query),

    get: mustFind,

    async create(payload: UserPayload, actor: Actor): Promise<UserRecord> {
      // A new administrator is someone made one: the same step-up as granting the role.
      if (needsStepUp(actor, 0, { admin: payload.role_id === ROLE_IDS.admin }))
        await confirmActor(actor, payload.current_password);
      await checkPayload(payload);
      const passwordHash = await hashPassword(payload.password!);
      const meta = payload.meta.filter((m) => m.value !== null);
      const id = await db
        .transaction(async (tx) => {
          const userId = await users.in(tx).insert({
            name: payload.name,
            email: payload.email,
            passwordHash,
            roleIds: [payload.role_id],
            meta,
            dundasProjectId: payload.project_id ?? null,
          });
          await audit(tx, actor, 'users.created', userId, {
            name: payload.name,
            email: payload.email,
            roleId: payload.role_id,
            meta: meta.map((m) => m.key),
            dundasProjectId: payload.project_id ?? null,
          });
          return userId;
        })
        .catch(emailRace);
      return mustFind(id);
    },

    /**
     * PUT users/{id}: admins update anyone, others themselves. A missing password keeps the old one.
     * role_id replaces the user's roles only when it is not already one of them (the form shows one
     * role; saving must not drop the rest), and nobody changes their own role. A new password ends
     * the user's other sessions.
     */
    async update(id: number, input: UserPayload, actor: Actor): Promise<UserRecord> {
      if (!canEditUser(actor, id)) throw AppError.forbidden();
      const before = await mustFind(id);
      const payload = allowedPayload(input, actor);
      const roleChanges = !before.roles.some((r) => r.id === payload.role_id);
      const ownRole = roleChanges && !canChangeRoleOf(actor, id);
      const emailChanges = payload.email.trim().toLowerCase() !== before.email.trim().toLowerCase();
      const passwordChanges = payload.password !== undefined;
      // The current password first: "email taken" answered before it would tell a stolen token
      // (or anyone signed in) which addresses have accounts, unthrottled.
      if (needsCurrentPassword(actor, id) && (passwordChanges || emailChanges))
        await deps.confirmCurrentPassword(before, input.current_password, actor);
      // Another admin's password, email or role, or making someone an admin: the actor's password.
      const admin = isAdmin(before) || (roleChanges && payload.role_id === ROLE_IDS.admin);
      if (needsStepUp(actor, id, { admin }) && (passwordChanges || emailChanges || roleChanges))
        await confirmActor(actor, input.current_password);
      await checkPayload(payload, id, ownRole ? { role_id: [USER_ADMIN_MESSAGES.ownRole] } : {});
      const passwordHash = payload.password === undefined ? undefined : await hashPassword(payload.password);
      const projectChanges =
        payload.project_id !== undefined && payload.project_id !== before.dundasProjectId;
      const at = now();

      await db
        .transaction(async (tx) => {
          await users.in(tx).update(
            id,
            {
              name: payload.name,
              email: payload.email,
              ...(passwordHash && { passwordHash }),
              ...(projectChanges && { dundasProjectId: payload.project_id ?? null }),
            },
            at,
          );
          if (roleChanges) {
            await users.in(tx).replaceRoles(id, [payload.role_id]);
            const to = await users.in(tx).find(id);
            await audit(tx, actor, 'users.role_changed', id, {
              from: before.roles.map((r) => r.name).join(', '),
              to: to?.roles.map((r) => r.name).join(', '),
              fromRoleIds: before.roles.map((r) => r.id),
              toRoleIds: [payload.role_id],
            });
          }
          await users.in(tx).upsertMeta(id, payload.meta, at);
          if (passwordHash) {
            const except = id === actor.userId ? actor.sessionId : undefined;
            await tokens.revokeAllOf(id, 'password_changed', { tx, at, except });
          }
          await audit(tx, actor, 'users.updated', id, {
            ...(payload.name !== before.name && { name: { from: before.name, to: payload.name } }),
            ...(payload.email !== before.email && { email: { from: before.email, to: payload.email } }),
            ...(passwordHash && { passwordChanged: true }),
            ...(projectChanges && {
              dundasProjectId: { from: before.dundasProjectId, to: payload.project_id ?? null },
            }),
            meta: metaChanges(before.meta, payload.meta),
          });
        })
        .catch(emailRace);
      tokens.forget({ userId: id });
      // Whoever set it (an admin, or the owner with the current password) knows the new password:
      // locks others' guesses caused against the old one would only keep the owner out.
      if (passwordHash) await deps.throttle.clearAccount(id, now());
      // The old address hears of an email change (it may be the owner, locked out by a thief), and
      // a password changed on the profile is told like one changed by a reset.
      if (emailChanges) deps.mailer.sendLater(emailChangedMail(before.email));
      // A password an admin set is told to its owner too: a stolen admin token setting it shows.
      if (passwordHash)
        deps.mailer.sendLater(
          id === actor.userId ? passwordChangedMail(before.email) : passwordSetByAdminMail(before.email),
        );
      return mustFind(id);
    },

    /**
     * DELETE users/{id}: removes the user (email free again) or, with `block`, keeps them blocked
     * (email stays taken, sign-in refused). Either way every session of theirs ends now. With
     * `deleteRemoteAccount` the BI account goes first; if that fails the user stays unless `force`.
     */
    async remove(
      id: number,
      options: DeleteOptions,
      actor: Actor,
      currentPassword?: GivenPassword,
    ): Promise<{ blocked: boolean }> {
      if (!canDeleteUser(actor, id)) throw AppError.forbidden(USER_ADMIN_MESSAGES.deleteSelf);
      const user = await mustFind(id);
      if (needsStepUp(actor, id, { admin: isAdmin(user) })) await confirmActor(actor, currentPassword);
      let remote: { deleted: boolean } | { failed: string } | null = null;
      if (options.deleteRemoteAccount) {
        try {
          remote = await biAccounts.deleteAccount(id, { deleteFolders: options.deleteRemoteFolders });
        } catch (error) {
          if (!options.force)
            throw new AppError(502, USER_ADMIN_MESSAGES.biAccountDeleteFailed, { cause: error });
          remote = { failed: error instanceof Error ? error.message : String(error) };
        }
      }
      const details = {
        name: user.name,
        email: user.email,
        biAccount: remote,
        deleteRemoteFolders: options.deleteRemoteFolders,
      };
      await db.transaction(async (tx) => {
        if (options.block) {
          await users.in(tx).block(id, now());
          await tokens.revokeAllOf(id, 'user_blocked', { tx, at: now() });
          await audit(tx, actor, 'users.blocked', id, details);
        } else {
          // Sessions, roles, meta and logo go with the row (foreign keys cascade).
          await users.in(tx).delete(id);
          await audit(tx, actor, 'users.deleted', id, details);
        }
      });
      tokens.forget({ userId: id });
      return { blocked: options.block };
    },

    /**
     * POST/PATCH users/{id}/restore: a blocked user is active again (may sign in with their password).
     * A blocked administrator back is an admin account back: the actor's password too.
     */
    async restore(id: number, actor: Actor, currentPassword?: GivenPassword): Promise<void> {
      const user = await mustFind(id);
      if (needsStepUp(actor, id, { admin: isAdmin(user) })) await confirmActor(actor, currentPassword);
      await db.transaction(async (tx) => {
        await users.in(tx).unblock(id);
        await audit(tx, actor, 'users.restored', id, {
          name: user.name,
          email: user.email,
          wasBlocked: user.blockedAt !== null,
        });
      });
      tokens.forget({ userId: id });
    },

    ...createUserMetaService({
      db,
      users,
      tokens,
      biAccounts,
      now,
      confirmActor,
      confirmCurrentPassword: deps.confirmCurrentPassword,
    }),
  };
}

export type UserService = ReturnType<typeof createUserService>;
