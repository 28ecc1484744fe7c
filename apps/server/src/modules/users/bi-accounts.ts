import type { Actor } from '../directory';

/**
 * What the users service needs from the BI server (Dundas BI): deleting a user's BI account when
 * an admin deletes the user with "Also delete from NSBI (if exists)", and making it when an admin
 * turns Uses NSBI on. The users plugin backs it with
 * the bi module's service; the users service only knows this interface, so tests can pass a fake
 * (buildApp's `biAccounts` option).
 */
export type BiAccounts = {
  /**
   * Deletes the BI account of a portal user, with its folders when asked. Resolves
   * `{ deleted: false }` when the user has no BI account; rejects when the BI server fails.
   */
  deleteAccount(userId: number, options: { deleteFolders: boolean }): Promise<{ deleted: boolean }>;
  /**
   * Makes the BI account of a user who uses NSBI, or keeps the one they have (never a 409: saving
   * the flag twice is not an error). Rejects when the BI server fails or is in maintenance.
   */
  ensureAccount(userId: number, actor: Actor): Promise<void>;
};
