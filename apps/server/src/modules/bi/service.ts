import { randomBytes } from 'node:crypto';
import {
  BI_MESSAGES,
  CONNECT_REPORTS_MESSAGES,
  MESSAGES,
  NSBI_PRODUCT,
  type NsbiUsersQuery,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { BiClient } from '../../integrations/bi/client';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { SystemSettingsService } from '../system-settings';
import { isAdmin, type Actor, type UserRecord, type UserRepository } from '../directory';
import { exportNsbiUsers, listNsbiUsers } from './nsbi-users';
import { bypassesMaintenance, canOpenItem, canUseBiAccountOf, seesItem, usesNsbi } from './policy';
import type { ItemsView } from './presenter';
import { isManaged, type ProjectTrees } from './project-trees';
import type { GrantRepository } from './report-access/repository';
import type { ReportFolderRepository } from './report-folders/repository';
import type { BiAccountRepository, BiAccountRow, NsbiUserRepository } from './repository';

export type BiServiceDeps = {
  db: Db;
  users: UserRepository;
  accounts: BiAccountRepository;
  nsbiUsers: NsbiUserRepository;
  grants: GrantRepository;
  folders: ReportFolderRepository;
  client: BiClient;
  trees: ProjectTrees;
  settings: Pick<SystemSettingsService, 'maintenanceModeOn'>;
  now: () => Date;
};

/** The BI account name of a portal user: stable, whatever their email or name becomes. */
export const biAccountName = (userId: number) => `portal-user-${userId}`;

/** A BI account with the project its user has (the portal's user row is the truth). */
export type BiAccountOfUser = { account: BiAccountRow; projectId: string | null };

/**
 * The BI account service (docs/product.md §7, docs/api.md "BI account service"): a BI account per NSBI user, the
 * project it may view, the caller's dashboards and reports, and log-on tokens that open them.
 * The portal's user row says which project a user has; the BI account is brought in line with it.
 */
export function createBiService(deps: BiServiceDeps) {
  const { db, users, accounts, client, trees, now } = deps;

  /** 503 with the maintenance message while maintenance mode is on, for everyone but admins. */
  async function assertAvailable(actor: Pick<Actor, 'isAdmin'>) {
    if (!bypassesMaintenance(actor) && (await deps.settings.maintenanceModeOn()))
      throw AppError.unavailable(MESSAGES.maintenance, 300);
  }

  async function userOrNotFound(userId: number) {
    const user = await users.find(userId);
    if (!user) throw AppError.notFound();
    return user;
  }

  /** Creates the BI account of a user (or adopts one the BI server already has under its name). */
  async function createAccount(user: UserRecord, actorId: number): Promise<BiAccountRow> {
    const name = biAccountName(user.id);
    const existing = await client.accountByName(name);
    const account =
      existing ??
      (await client.createAccount({
        name,
        // Never used: views open through log-on tokens the service account asks for.
        password: randomBytes(24).toString('base64url'),
        displayName: user.name,
        emailAddress: user.email,
      }));
    const row = { userId: user.id, accountId: account.id, accountName: name, syncedProjectId: null };
    try {
      await db.transaction(async (tx) => {
        await accounts.in(tx).insert(row);
        await recordAudit(tx, {
          actorId,
          action: 'bi.account.created',
          targetType: 'user',
          targetId: user.id,
          details: { accountId: account.id, accountName: name, adopted: existing !== null },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, BI_MESSAGES.accountExists);
      throw error;
    }
    return { ...row, createdAt: now() };
  }

  /**
   * The BI account may view exactly the user's project (and its own): told only when it changed.
   * False when the BI server no longer has the account (deleted behind our back): the row goes.
   */
  async function syncProject(row: BiAccountRow, projectId: string | null): Promise<boolean> {
    if (row.syncedProjectId === projectId) return true;
    // No items yet: the account opens nothing of the new project until a token request names them.
    if (!(await client.setAccountProjects(row.accountId, projectId ? [projectId] : []))) {
      await accounts.delete(row.userId);
      return false;
    }
    await accounts.setSyncedProject(row.userId, projectId);
    return true;
  }

  /** The user's BI account, made if missing (two requests at once make one), in line with their project. */
  async function ensureAccount(user: UserRecord, actorId = user.id): Promise<BiAccountRow> {
    for (let attempt = 1; ; attempt++) {
      let row = await accounts.find(user.id);
      if (!row) {
        try {
          row = await createAccount(user, actorId);
        } catch (error) {
          if (error instanceof AppError && error.status === 409 && attempt === 1) continue;
          throw error;
        }
      }
      if (await syncProject(row, user.dundasProjectId)) return row;
      if (attempt === 2) throw new AppError(409, BI_MESSAGES.noAccount);
    }
  }

  /**
   * What of their project a user sees: none without a project or when the BI server does not know
   * it; else the tree, narrowed to what an admin granted (TS-managed items always stay).
   */
  async function viewOf(user: UserRecord, fresh = false): Promise<ItemsView | null> {
    if (!user.dundasProjectId) return null;
    const tree = await trees.get(user.dundasProjectId, { fresh });
    if (!tree) return null;
    const [assignments, grants] = await Promise.all([
      deps.folders.listAssignments(),
      deps.grants.find(user.id),
    ]);
    return { tree, assignments, grants };
  }

  /** The ids of their project a user may open in the BI server: seen (granted, or all) and openable. */
  const openableIds = (view: ItemsView | null) =>
    view ? view.tree.items.filter((i) => seesItem(i, view.grants) && canOpenItem(i)).map((i) => i.id) : [];

  /**
   * Tells the BI server exactly what the account may open now: the user's project and, in it, the
   * openable items. Every token request does it (one PUT), so a token never opens more than the
   * grants of that moment, whatever URL it is put in (docs/decisions/0020-security-hardening.md).
   */
  /** The account's projects and openable items brought in line with the grants; false when it is gone. */
  async function syncAccount(row: BiAccountRow, user: UserRecord, view: ItemsView | null) {
    const projects = user.dundasProjectId ? [user.dundasProjectId] : [];
    return client.setAccountProjects(row.accountId, projects, openableIds(view));
  }

  async function syncItems(row: BiAccountRow, user: UserRecord, view: ItemsView | null) {
    if (!(await syncAccount(row, user, view))) throw new AppError(409, BI_MESSAGES.noAccount);
  }

  /** A log-on token after the account is in line with the grants; null when the BI server lost the account. */
  async function syncedToken(row: BiAccountRow, user: UserRecord, view: ItemsView | null) {
    if (!(await syncAccount(row, user, view))) return null;
    return client.logOnToken(row.accountName);
  }

  /**
   * Deletes a user's BI account (and, with `deleteFolders`, what its own project holds first).
   * `deleted: false` when the user has none. BI failures throw (502): nothing is forgotten locally.
   */
  async function removeAccount(userId: number, options: { deleteFolders: boolean }, actorId: number | null) {
    const row = await accounts.find(userId);
    if (!row) return { deleted: false };
    if (options.deleteFolders) {
      const own = await client.userProject(row.accountId);
      for (const folderId of own?.rootFolderIds ?? []) {
        for (const entry of await client.queryChildren(folderId)) await client.deleteFile(entry.id);
      }
    }
    await client.deleteAccount(row.accountId);
    await accounts.delete(userId);
    await recordAudit(db, {
      actorId,
      action: 'bi.account.deleted',
      targetType: 'user',
      targetId: userId,
      details: { accountId: row.accountId, deleteFolders: options.deleteFolders },
    });
    return { deleted: true };
  }

  return {
    /** POST dundas-bi/account: 409 when the user has one; 422 when NSBI is off for them. */
    async create(userId: number, actor: Actor): Promise<BiAccountOfUser> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      if (!usesNsbi(user)) throw AppError.validation({ user_id: [BI_MESSAGES.nsbiOff] });
      if (await accounts.find(userId)) throw new AppError(409, BI_MESSAGES.accountExists);
      const row = await createAccount(user, actor.userId);
      await syncProject(row, user.dundasProjectId);
      return { account: row, projectId: user.dundasProjectId };
    },

    /**
     * Saving Uses NSBI on (POST meta/user): the user's BI account, made if missing and kept in line
     * with their project; nothing for a user without NSBI.
     */
    async provideAccount(userId: number, actor: Actor): Promise<void> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      if (usesNsbi(user)) await ensureAccount(user, actor.userId);
    },

    /** GET dundas-bi/account/{userId}. */
    async ofUser(userId: number, actor: Actor): Promise<BiAccountOfUser> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      const row = await accounts.find(userId);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      return { account: row, projectId: user.dundasProjectId };
    },

    /** GET dundas-bi/account?name=. */
    async byName(name: string): Promise<BiAccountOfUser> {
      const row = await accounts.findByName(name);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      const user = await users.find(row.userId);
      return { account: row, projectId: user?.dundasProjectId ?? null };
    },

    removeAccount,

    /** DELETE dundas-bi/account/{id}: removeAccount, 404 when the user has no BI account. */
    async deleteAccount(userId: number, options: { deleteFolders: boolean }, actorId: number) {
      const { deleted } = await removeAccount(userId, options, actorId);
      if (!deleted) throw AppError.notFound(BI_MESSAGES.noAccount);
    },

    /** POST dundas-bi/account/project: the user's project (checked with the BI server), synced at once. */
    async assignProject(userId: number, projectId: string | null, actorId: number) {
      const user = await userOrNotFound(userId);
      if (projectId && !(await client.project(projectId)))
        throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await users.setProject([userId], projectId, now());
      await recordAudit(db, {
        actorId,
        action: 'bi.project.assigned',
        targetType: 'user',
        targetId: userId,
        details: { from: user.dundasProjectId, to: projectId },
      });
      const row = await accounts.find(userId);
      if (row) await syncProject(row, projectId);
      return { userId, projectId };
    },

    /**
     * POST dundas-bi/account/projects (Connect reports): one project for several users, in one
     * transaction; their BI accounts follow at their next view (logOnToken syncs them).
     */
    async assignProjectToMany(userIds: number[], projectId: string | null, actorId: number) {
      const wanted = [...new Set(userIds)];
      const known = await users.existingIds(wanted);
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length)
        throw AppError.validation({ user_ids: [CONNECT_REPORTS_MESSAGES.unknownUsers(unknown)] });
      const project = projectId ? await client.project(projectId) : null;
      if (projectId && !project) throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await db.transaction(async (tx) => {
        await users.in(tx).setProject(wanted, projectId, now());
        await recordAudit(tx, {
          actorId,
          action: 'bi.project.assigned_to_many',
          targetType: 'project',
          targetId: projectId,
          details: { userIds: wanted },
        });
      });
      return { count: wanted.length, projectName: project?.name ?? null };
    },

    /** GET dundas-bi/project/all. */
    projects: async () => (await client.projects()).map((p) => ({ projectId: p.projectId, name: p.name })),

    /** GET dundas-bi/project/users-project-items (admin). */
    usersProjectItems: (query: NsbiUsersQuery) => listNsbiUsers(deps, query),

    /** GET dundas-bi/project/users-project-items/export: every page of that list, one at a time. */
    exportUsersProjectItems: (query: NsbiUsersQuery) => exportNsbiUsers(deps, query),

    /** Whether the caller sees this item of their project now (usage clicks count only those). */
    async sees(caller: UserRecord, itemId: string): Promise<boolean> {
      if (!usesNsbi(caller)) return false;
      const view = await viewOf(caller);
      return Boolean(view?.tree.items.some((i) => i.id === itemId && seesItem(i, view.grants)));
    },

    /** A report's name, if a kept project tree has it (usage charts). */
    reportName: (id: string) => trees.itemName(id),

    /** GET dundas-bi/project/project-items: what of their project the caller sees (403 without NSBI). */
    async projectItems(caller: UserRecord, fresh: boolean): Promise<ItemsView | null> {
      await assertAvailable({ isAdmin: isAdmin(caller) });
      if (!usesNsbi(caller)) throw AppError.forbidden(BI_MESSAGES.nsbiOff);
      return viewOf(caller, fresh);
    },

    /**
     * GET dundas-bi/log-on/token?item=: a token for the caller's own BI account (made now if missing,
     * its project and items brought in line first) that opens one item. The item must be one the
     * caller sees (404 otherwise, never saying whose it is) and view-only (403 with the product's
     * message (docs/product.md)).
     */
    async logOnToken(caller: UserRecord, itemId: string) {
      await assertAvailable({ isAdmin: isAdmin(caller) });
      if (!usesNsbi(caller)) throw AppError.forbidden(BI_MESSAGES.nsbiOff);
      const view = await viewOf(caller);
      const item = view?.tree.items.find((i) => i.id === itemId && seesItem(i, view.grants));
      if (!item) throw AppError.notFound(BI_MESSAGES.unknownItem);
      // Items Tattle Systems manages are read-only here and shown disabled; others open only view-only.
      if (!canOpenItem(item))
        throw AppError.forbidden(
          BI_MESSAGES.notViewOnly(
            isManaged(item.tags) ? 'Tattle Systems' : NSBI_PRODUCT,
            item.objectType.toLowerCase(),
          ),
        );
      const row = await ensureAccount(caller);
      let logOnToken = await syncedToken(row, caller, view);
      if (logOnToken === null) {
        // Deleted on the BI server behind our back (decision 0013): forget it and make it again,
        // instead of an error on every view until an admin steps in.
        await accounts.delete(caller.id);
        logOnToken = await syncedToken(await ensureAccount(caller), caller, view);
        if (logOnToken === null) throw new AppError(409, BI_MESSAGES.noAccount);
      }
      return { logOnToken, item };
    },

    /**
     * After an admin changed a user's grants: the BI account (if any) follows at once, so a token
     * already handed out cannot open what was just taken away. Best effort: a BI failure here is
     * repaired by the user's next token request, which syncs again.
     */
    async grantsChanged(userId: number) {
      const [user, row] = await Promise.all([users.find(userId), accounts.find(userId)]);
      if (!user || !row || row.syncedProjectId !== user.dundasProjectId) return;
      await syncItems(row, user, await viewOf(user)).catch(() => undefined);
    },
  };
}

export type BiService = ReturnType<typeof createBiService>;
