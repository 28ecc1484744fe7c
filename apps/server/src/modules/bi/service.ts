import { createHash, randomBytes } from 'node:crypto';
import {
  BI_MESSAGES,
  CONNECT_REPORTS_MESSAGES,
  META_KEYS,
  NSBI_PRODUCT,
  type LogOnToken,
  type NsbiUsersQuery,
  type ReportItem,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { BiClient } from '../../integrations/bi/client';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findGrants } from '../reports/access-queries';
import { findUserRecord, type UserRecord } from '../users/queries';
import { listNsbiUsers } from './nsbi-users';
import { presentBiAccount, presentReportItems } from './presenter';
import type { ProjectTree, ProjectTrees } from './project-items';
import {
  deleteBiAccountRow,
  findBiAccount,
  findBiAccountByName,
  insertBiAccount,
  listFolderAssignments,
  setSyncedProject,
  existingUserIds,
  setUserProject,
  setUsersProject,
  type BiAccountRow,
} from './queries';

export type BiServiceDeps = {
  db: Db;
  bi: BiClient;
  trees: ProjectTrees;
  /** Where browsers open views: `{publicUrl}/Dashboard/{id}`. */
  publicUrl: string;
  now: () => Date;
};

/** The BI account name of a portal user: stable, whatever their email or name becomes. */
export const biAccountName = (userId: number) => `portal-user-${userId}`;

const nsbiOn = (user: UserRecord) =>
  user.meta.some((m) => m.key === META_KEYS.nsbiEnabled && m.value === '1');

/**
 * The BI account service (SPEC §7, API.md "BI account service"): a BI account per NSBI user, the
 * project it may view, the caller's dashboards and reports, and log-on tokens that open them.
 * The portal's user row says which project a user has; the BI account is brought in line with it.
 */
export function createBiService(deps: BiServiceDeps) {
  const { db, bi, trees, now } = deps;

  async function userOrNotFound(userId: number) {
    const user = await findUserRecord(db, userId);
    if (!user) throw AppError.notFound();
    return user;
  }

  /** Creates the BI account of a user (or adopts one the BI server already has under its name). */
  async function createAccount(user: UserRecord, actorId: number): Promise<BiAccountRow> {
    const name = biAccountName(user.id);
    const existing = await bi.accountByName(name);
    const account =
      existing ??
      (await bi.createAccount({
        name,
        // Never used: views open through log-on tokens the service account asks for.
        password: randomBytes(24).toString('base64url'),
        displayName: user.name,
        emailAddress: user.email,
      }));
    const row = { userId: user.id, accountId: account.id, accountName: name, syncedProjectId: null };
    try {
      await db.transaction(async (tx) => {
        await insertBiAccount(tx, row);
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
    if (!(await bi.setAccountProjects(row.accountId, projectId ? [projectId] : []))) {
      await deleteBiAccountRow(db, row.userId);
      return false;
    }
    await setSyncedProject(db, row.userId, projectId);
    return true;
  }

  /** The user's BI account, made if missing (two requests at once make one), in line with their project. */
  async function ensureAccount(user: UserRecord): Promise<BiAccountRow> {
    for (let attempt = 1; ; attempt++) {
      let row = await findBiAccount(db, user.id);
      if (!row) {
        try {
          row = await createAccount(user, user.id);
        } catch (error) {
          if (error instanceof AppError && error.status === 409 && attempt === 1) continue;
          throw error;
        }
      }
      if (await syncProject(row, user.dundasProjectId)) return row;
      if (attempt === 2) throw new AppError(409, BI_MESSAGES.noAccount);
    }
  }

  // The items of a tree, presented once per tree, set of folder assignments and set of grants, and
  // frozen: the same array goes to every caller who sees the same, until the tree, the folders or
  // the grants change, and the route serializes it once (rememberingSerializerCompiler). 2,000
  // items cost ~8 ms to shape and encode (bench/bi-project-items.ts).
  const presented = new WeakMap<ProjectTree, Map<string, readonly ReportItem[]>>();
  const NO_ITEMS: readonly ReportItem[] = Object.freeze([]);
  const KEPT_VIEWS_PER_TREE = 64;

  /**
   * The caller's items: their project's, narrowed to what an admin granted (TS-managed ones always
   * stay); none without a project or when the BI server does not know it.
   */
  async function itemsOf(user: UserRecord, fresh = false): Promise<readonly ReportItem[]> {
    if (!user.dundasProjectId) return NO_ITEMS;
    const tree = await trees.get(user.dundasProjectId, { fresh });
    if (!tree) return NO_ITEMS;
    const [assignments, grants] = await Promise.all([listFolderAssignments(db), findGrants(db, user.id)]);
    const key = createHash('sha1')
      .update(JSON.stringify(assignments))
      .update(grants === null ? '*' : [...grants].sort().join('\n'))
      .digest('base64');
    let views = presented.get(tree);
    if (!views) presented.set(tree, (views = new Map()));
    const kept = views.get(key);
    if (kept) return kept;
    const items = Object.freeze(
      presentReportItems(tree, assignments)
        .filter((item) => grants === null || item.managedBy === 'TS' || grants.has(item.id))
        .map((item) => Object.freeze(item)),
    );
    if (views.size >= KEPT_VIEWS_PER_TREE) views.delete(views.keys().next().value!);
    views.set(key, items);
    return items;
  }

  return {
    /** POST dundas-bi/account: 409 when the user has one; 422 when NSBI is off for them. */
    async create(userId: number, actorId: number) {
      const user = await userOrNotFound(userId);
      if (!nsbiOn(user)) throw AppError.validation({ user_id: [BI_MESSAGES.nsbiOff] });
      if (await findBiAccount(db, userId)) throw new AppError(409, BI_MESSAGES.accountExists);
      const row = await createAccount(user, actorId);
      await syncProject(row, user.dundasProjectId);
      return presentBiAccount(row, user.dundasProjectId);
    },

    /** GET dundas-bi/account/{userId}. */
    async ofUser(userId: number) {
      const user = await userOrNotFound(userId);
      const row = await findBiAccount(db, userId);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      return presentBiAccount(row, user.dundasProjectId);
    },

    /** GET dundas-bi/account?name=. */
    async byName(name: string) {
      const row = await findBiAccountByName(db, name);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      const user = await findUserRecord(db, row.userId);
      return presentBiAccount(row, user?.dundasProjectId ?? null);
    },

    /**
     * Deletes a user's BI account (and, with `deleteFolders`, what its own project holds first).
     * `deleted: false` when the user has none. BI failures throw (502): nothing is forgotten locally.
     */
    async remove(userId: number, options: { deleteFolders: boolean }, actorId: number | null) {
      const row = await findBiAccount(db, userId);
      if (!row) return { deleted: false };
      if (options.deleteFolders) {
        const own = await bi.userProject(row.accountId);
        for (const folderId of own?.rootFolderIds ?? []) {
          for (const entry of await bi.queryChildren(folderId)) await bi.deleteFile(entry.id);
        }
      }
      await bi.deleteAccount(row.accountId);
      await deleteBiAccountRow(db, userId);
      await recordAudit(db, {
        actorId,
        action: 'bi.account.deleted',
        targetType: 'user',
        targetId: userId,
        details: { accountId: row.accountId, deleteFolders: options.deleteFolders },
      });
      return { deleted: true };
    },

    /** POST dundas-bi/account/project: the user's project (checked with the BI server), synced at once. */
    async assignProject(userId: number, projectId: string | null, actorId: number) {
      const user = await userOrNotFound(userId);
      if (projectId && !(await bi.project(projectId)))
        throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await setUserProject(db, userId, projectId, now());
      await recordAudit(db, {
        actorId,
        action: 'bi.project.assigned',
        targetType: 'user',
        targetId: userId,
        details: { from: user.dundasProjectId, to: projectId },
      });
      const row = await findBiAccount(db, userId);
      if (row) await syncProject(row, projectId);
      return { user_id: userId, project_id: projectId };
    },

    /** GET dundas-bi/project/users-project-items (admin). */
    usersProjectItems: (query: NsbiUsersQuery) => listNsbiUsers({ db, trees }, query),

    /** A report's name, if a kept project tree has it (usage charts). */
    reportName: (id: string) => trees.itemName(id),

    /**
     * POST dundas-bi/account/projects (Connect reports): one project for several users, in one
     * transaction; their BI accounts follow at their next view (logOnToken syncs them).
     */
    async assignProjectToMany(userIds: number[], projectId: string | null, actorId: number) {
      const wanted = [...new Set(userIds)];
      const known = await existingUserIds(db, wanted);
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length)
        throw AppError.validation({ user_ids: [CONNECT_REPORTS_MESSAGES.unknownUsers(unknown)] });
      const project = projectId ? await bi.project(projectId) : null;
      if (projectId && !project) throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await db.transaction(async (tx) => {
        await setUsersProject(tx, wanted, projectId, now());
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
    projects: async () => (await bi.projects()).map((p) => ({ projectId: p.projectId, name: p.name })),

    /** GET dundas-bi/project/project-items: the caller's dashboards and reports (403 without NSBI). */
    async projectItems(user: UserRecord, fresh: boolean): Promise<readonly ReportItem[]> {
      if (!nsbiOn(user)) throw AppError.forbidden(BI_MESSAGES.nsbiOff);
      return itemsOf(user, fresh);
    },

    /**
     * GET dundas-bi/log-on/token: a token for the caller's own BI account (made now if missing,
     * its project brought in line first). With `itemId`, the item must be one of the caller's
     * (404 otherwise, never saying whose it is) and view-only (403 with SPEC's message).
     */
    async logOnToken(user: UserRecord, itemId: string | undefined): Promise<LogOnToken> {
      if (!nsbiOn(user)) throw AppError.forbidden(BI_MESSAGES.nsbiOff);
      let item: ReportItem | undefined;
      if (itemId !== undefined) {
        item = (await itemsOf(user)).find((i) => i.id === itemId);
        if (!item) throw AppError.notFound(BI_MESSAGES.unknownItem);
        // Items Tattle Systems manages are read-only here and shown disabled; others open only view-only.
        if (item.managedBy === 'TS' || item.initialViewOptions !== 'viewonly')
          throw AppError.forbidden(
            BI_MESSAGES.notViewOnly(item.managedBy === 'TS' ? 'Tattle Systems' : NSBI_PRODUCT, item.type),
          );
      }
      const row = await ensureAccount(user);
      const logOnToken = await bi.logOnToken(row.accountName);
      if (!item) return { logOnToken };
      const view = item.type === 'report' ? 'Report' : 'Dashboard';
      const url = `${deps.publicUrl}/${view}/${encodeURIComponent(item.id)}?e=false&vo=viewonly&logonTokenId=${encodeURIComponent(logOnToken)}`;
      return { logOnToken, url };
    },
  };
}

export type BiService = ReturnType<typeof createBiService>;
