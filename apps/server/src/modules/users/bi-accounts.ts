/**
 * What the users service needs from the BI server (Dundas BI): deleting a user's BI account when
 * an admin deletes the user with "Also delete from NSBI (if exists)". The NS BI issue supplies the
 * implementation backed by integrations/bi; the users service only knows this interface.
 */
export type BiAccounts = {
  /**
   * Deletes the BI account of a portal user, with its folders when asked. Resolves
   * `{ deleted: false }` when the user has no BI account; rejects when the BI server fails.
   */
  deleteAccount(userId: number, options: { deleteFolders: boolean }): Promise<{ deleted: boolean }>;
};

/**
 * The default until the NS BI issue wires the BI client: no BI server is configured, so no portal
 * user can have a BI account and there is nothing to delete. This is the truth, not a pretend
 * success: it answers `deleted: false`, and the audit row records it.
 */
export const noBiServer: BiAccounts = {
  deleteAccount: async () => ({ deleted: false }),
};
