import { canEditUser, type Actor } from '../directory';

/** A user's files (their logo) are theirs and any admin's to replace or delete. */
export const canManageFilesOf = (actor: Actor, ownerId: number) => canEditUser(actor, ownerId);
