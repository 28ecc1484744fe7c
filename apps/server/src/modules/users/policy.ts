import { ADMIN_ONLY_META_KEYS, BULK_STEP_UP_ACTIONS, type BulkAction } from '@portal/contract';
import type { Actor } from '../directory';

// The users admin feature's rules; who the caller is and who may edit a user at all (canEditUser)
// are the directory's (modules/directory/policy.ts).

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
 * password in the same request; an admin changing another user does not (they cannot know it)…
 */
export const needsCurrentPassword = (actor: Actor, targetId: number) => actor.userId === targetId;

/**
 * …unless that user is an administrator, or becomes one: then the acting admin's own password goes
 * with the change (password, email, role, two-factor off, block, delete, restore), so one stolen
 * admin token cannot take over the other admins or make its thief one
 * (docs/decisions/0038-step-up-and-bulk-jobs.md).
 */
export const needsStepUp = (actor: Actor, targetId: number, target: { admin: boolean }) =>
  actor.userId !== targetId && target.admin;

/** Bulk block, restore and delete (BULK_STEP_UP_ACTIONS) need the acting admin's password too. */
export const bulkNeedsStepUp = (action: BulkAction) => BULK_STEP_UP_ACTIONS.includes(action);

/**
 * A bulk run by filter changes no administrator: a search such as "admin" must not sweep them up.
 * Only a selection by id (each one named) reaches them.
 */
export const canBulkActByFilterOn = (target: { admin: boolean }) => !target.admin;
