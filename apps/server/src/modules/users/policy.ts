import { ADMIN_ONLY_META_KEYS, ROLE_IDS } from '@portal/contract';
import type { UserRecord } from './repository';

/**
 * Who is acting on a request (tokens/guard.ts `actorOf` builds it): always with its admin verdict,
 * never inferred from a missing flag. Services decide with the rules below and audit with the rest.
 */
export type Actor = { userId: number; isAdmin: boolean; sessionId: string; ip: string };

/** A role check compares role ids, never names (docs/product.md §6). */
export const hasAnyRole = (user: Pick<UserRecord, 'roles'>, roleIds: readonly number[]) =>
  user.roles.some((r) => roleIds.includes(r.id));

export const isAdmin = (user: Pick<UserRecord, 'roles'>) => hasAnyRole(user, [ROLE_IDS.admin]);

/** Admins edit anyone; everyone else only themselves (the Profile screen). */
export const canEditUser = (actor: Actor, targetId: number) => actor.isAdmin || actor.userId === targetId;

/** Admin notes and Uses NSBI (ADMIN_ONLY_META_KEYS) are an admin's to set, even on one's own user. */
export const canSetMetaKeys = (actor: Actor, keys: readonly string[]) =>
  actor.isAdmin || !keys.some((key) => ADMIN_ONLY_META_KEYS.includes(key));

/** The BI project a user may view is an admin's assignment. */
export const canAssignBiProject = (actor: Actor) => actor.isAdmin;

/** Nobody changes their own role: an admin could lock everyone out of administration. */
export const canChangeRoleOf = (actor: Actor, targetId: number) => actor.userId !== targetId;

/** Nobody deletes (or blocks) themselves. */
export const canDeleteUser = (actor: Actor, targetId: number) => actor.userId !== targetId;

/** Bulk actions never touch the acting admin: their own row is skipped whatever the action. */
export const canBulkActOn = (actor: Actor, targetId: number) => actor.userId !== targetId;

/**
 * Changing one's own email or password, or turning one's own two-factor off, needs the current
 * password in the same request; an admin changing another user does not (they cannot know it).
 */
export const needsCurrentPassword = (actor: Actor, targetId: number) => actor.userId === targetId;
