import { and, eq } from 'drizzle-orm';
import type { LinkedApp } from '@portal/contract';
import { linkedAccounts } from '../../db/schema';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';

export type LinkProfile = {
  externalUserId: string;
  username: string | null;
  email: string | null;
  name: string | null;
  clientName: string | null;
  branchName: string | null;
};

/** linked_accounts: a portal user's link to their LD or TS account, its secrets sealed. */
export const createLinkRepository = defineRepository((db: Executor) => ({
  /** The portal user an external account is linked to, if any. */
  async findOwner(app: LinkedApp, externalUserId: string) {
    const [row] = await db
      .select({ userId: linkedAccounts.userId })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.app, app), eq(linkedAccounts.externalUserId, externalUserId)));
    return row?.userId;
  },

  /** A user's link to one app with its sealed secrets (null after a hand-off, which brings none). */
  async findSecrets(userId: number, app: LinkedApp) {
    const [row] = await db
      .select({ externalUserId: linkedAccounts.externalUserId, secrets: linkedAccounts.secrets })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.app, app)));
    return row;
  },

  /**
   * The user's link to `app` is this external account afterwards (a link to another account of the
   * same app is replaced). `secrets: undefined` keeps the stored ones (a hand-off refreshes the
   * profile only). The (app, external_user_id) unique index refuses a second portal user.
   */
  async save(
    link: { userId: number; app: LinkedApp; profile: LinkProfile; secrets?: string | null },
    now: Date,
  ) {
    const values = {
      externalUserId: link.profile.externalUserId,
      username: link.profile.username,
      email: link.profile.email,
      name: link.profile.name,
      clientName: link.profile.clientName,
      branchName: link.profile.branchName,
      updatedAt: now,
      ...(link.secrets !== undefined && { secrets: link.secrets }),
    };
    await db
      .insert(linkedAccounts)
      .values({
        userId: link.userId,
        app: link.app,
        createdAt: now,
        ...values,
        secrets: link.secrets ?? null,
      })
      .onConflictDoUpdate({ target: [linkedAccounts.userId, linkedAccounts.app], set: values });
  },

  /** Removes the user's link to `app`; answers the external id it named, or undefined if none. */
  async delete(userId: number, app: LinkedApp, onlyExternalUserId?: string) {
    const rows = await db
      .delete(linkedAccounts)
      .where(
        and(
          eq(linkedAccounts.userId, userId),
          eq(linkedAccounts.app, app),
          onlyExternalUserId === undefined
            ? undefined
            : eq(linkedAccounts.externalUserId, onlyExternalUserId),
        ),
      )
      .returning({ externalUserId: linkedAccounts.externalUserId });
    return rows[0]?.externalUserId;
  },
}));

export type LinkRepository = ReturnType<typeof createLinkRepository>;
