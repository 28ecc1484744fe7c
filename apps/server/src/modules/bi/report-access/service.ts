import { BI_MESSAGES, NSBI_PRODUCT, REPORT_ACCESS_MESSAGES, type NsbiUsersQuery } from '@portal/contract';
import type { Db } from '../../../db/client';
import type { WalkedItem } from '../../../integrations/bi/walk';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { Actor, UserRecord, UserRepository } from '../../directory';
import { usesNsbi } from '../policy';
import { isManaged, type ProjectTree } from '../project-trees';
import type { FolderAssignment } from '../report-folders/repository';
import type { ReportFolderService } from '../report-folders/service';
import type { BiService } from '../service';
import { exportNsbiUsers, listNsbiUsers } from './nsbi-users';
import { canOpenItem, openableIds, visibleItems } from './policy';
import type { GrantRepository, NsbiUserRepository } from './repository';

type Grants = ReadonlySet<string> | null;

/** What of their project a user sees: the tree, the items they see of it, and what presents them. */
export type ItemsView = {
  tree: ProjectTree;
  /** The items of the tree the user sees (report access's policy, `visibleItems`). */
  items: WalkedItem[];
  /** The grants the items come from (null: no admin has chosen yet, every item). */
  grants: Grants;
  assignments: FolderAssignment[];
  /** The user's email: their items' location names it (docs/product.md §3). */
  ownerEmail: string;
};

/** A user's report access as the admin page shows it: their project's tree (null: none) and grants. */
export type ReportAccess = {
  tree: ProjectTree | null;
  grants: Grants;
  /** The items of the tree the user sees. */
  visible: WalkedItem[];
  assignments: FolderAssignment[];
  ownerEmail: string;
};

export type ReportAccessServiceDeps = {
  db: Db;
  users: UserRepository;
  grants: GrantRepository;
  nsbiUsers: NsbiUserRepository;
  bi: Pick<BiService, 'assertAvailable' | 'projectTree' | 'logOnToken' | 'followGrants'>;
  folders: Pick<ReportFolderService, 'assignments'>;
  now: () => Date;
};

/**
 * Report access (docs/product.md §2 /admin/users/{id}/reports, §3, docs/api.md users/{id}/reports):
 * which of their project's items each user sees, and so the caller's dashboards and reports, the
 * log-on tokens that open them, Users NSBI Dashboards and the clicks usage counts. Items Tattle
 * Systems manages are always shown and read-only. A save is checked against the BI server's tree of
 * the user's project: if that cannot be read (502), nothing is saved.
 */
export function createReportAccessService(deps: ReportAccessServiceDeps) {
  const { db, users, grants, bi, now } = deps;

  /** A user (404 if none) and the tree of their project (null: none, or the BI server has none). */
  async function projectTreeOf(userId: number) {
    const user = await users.find(userId);
    if (!user) throw AppError.notFound();
    const tree = user.dundasProjectId ? await bi.projectTree(user.dundasProjectId) : null;
    return { user, tree };
  }

  /** What a user sees of a tree, given their grants and the folder assignments. */
  const viewFrom = (
    user: UserRecord,
    tree: ProjectTree,
    granted: Grants,
    assignments: FolderAssignment[],
  ): ItemsView => ({
    tree,
    items: visibleItems(tree.items, granted),
    grants: granted,
    assignments,
    ownerEmail: user.email,
  });

  /** None without a project or when the BI server does not know it; else what the user sees of it. */
  async function viewOf(user: UserRecord): Promise<ItemsView | null> {
    if (!user.dundasProjectId) return null;
    const tree = await bi.projectTree(user.dundasProjectId);
    if (!tree) return null;
    const [assignments, granted] = await Promise.all([deps.folders.assignments(), grants.find(user.id)]);
    return viewFrom(user, tree, granted, assignments);
  }

  /**
   * The caller's record and what they see, after the maintenance check (503) and with NS BI on
   * (403). The record comes with the request (the Actor's, as the guard resolved it); their grants
   * and the folder assignments are read at once.
   */
  async function callerView(actor: Actor, fresh = false) {
    await bi.assertAvailable(actor);
    const { user } = actor;
    if (!usesNsbi(user)) throw AppError.forbidden(BI_MESSAGES.nsbiOff);
    const [granted, assignments] = await Promise.all([grants.find(user.id), deps.folders.assignments()]);
    const tree = user.dundasProjectId ? await bi.projectTree(user.dundasProjectId, { fresh }) : null;
    return { user, view: tree ? viewFrom(user, tree, granted, assignments) : null };
  }

  const nsbiList = {
    nsbiUsers: deps.nsbiUsers,
    grants,
    projectTree: (projectId: string) => bi.projectTree(projectId),
  };

  return {
    /** GET users/{id}/reports: the tree of the user's project and what they may see of it. */
    async get(userId: number): Promise<ReportAccess> {
      const { user, tree } = await projectTreeOf(userId);
      const granted = await grants.find(userId);
      return {
        tree,
        grants: granted,
        visible: tree ? visibleItems(tree.items, granted) : [],
        assignments: tree ? await deps.folders.assignments() : [],
        ownerEmail: user.email,
      };
    },

    /**
     * POST users/{id}/reports: the user sees exactly these items (and the TS-managed ones) from now
     * on. Ids outside their project, or managed by TS, are refused by name; nothing is saved then.
     * The user's BI account follows at once. Answers the items the user sees now.
     */
    async save(userId: number, reportIds: string[], actor: Actor) {
      const { user, tree } = await projectTreeOf(userId);
      if (!tree) throw AppError.validation({ report_ids: [REPORT_ACCESS_MESSAGES.noProject] });
      const items = new Map(tree.items.map((item) => [item.id, item]));
      const wanted = [...new Set(reportIds)];
      const unknown = wanted.filter((id) => !items.has(id));
      const managed = wanted.filter((id) => items.has(id) && isManaged(items.get(id)!.tags));
      const problems = [
        ...(unknown.length ? [REPORT_ACCESS_MESSAGES.notInProject(unknown)] : []),
        ...(managed.length ? [REPORT_ACCESS_MESSAGES.managed(managed)] : []),
      ];
      if (problems.length) throw AppError.validation({ report_ids: problems });
      await db.transaction(async (tx) => {
        await grants.in(tx).replace(userId, wanted, now());
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'report_access.saved',
          targetType: 'user',
          targetId: userId,
          details: { projectId: tree.project.projectId, granted: wanted.length },
        });
      });
      const granted = new Set(wanted);
      await bi.followGrants(user, openableIds(tree.items, granted));
      return { visible: visibleItems(tree.items, granted) };
    },

    /** GET dundas-bi/project/project-items: what of their project the caller sees (403 without NSBI). */
    async projectItems(actor: Actor, fresh: boolean): Promise<ItemsView | null> {
      return (await callerView(actor, fresh)).view;
    },

    /**
     * GET dundas-bi/log-on/token?item=: a token for the caller's own BI account that opens one item.
     * The item must be one the caller sees (404 otherwise, never saying whose it is) and view-only
     * (403 with the product's message, docs/product.md); the account may open exactly the openable
     * items the caller sees.
     */
    async logOnToken(actor: Actor, itemId: string) {
      const { user, view } = await callerView(actor);
      const item = view?.items.find((i) => i.id === itemId);
      if (!view || !item) throw AppError.notFound(BI_MESSAGES.unknownItem);
      // Items Tattle Systems manages are read-only here and shown disabled; others open only view-only.
      if (!canOpenItem(item))
        throw AppError.forbidden(
          BI_MESSAGES.notViewOnly(
            isManaged(item.tags) ? 'Tattle Systems' : NSBI_PRODUCT,
            item.objectType.toLowerCase(),
          ),
        );
      const logOnToken = await bi.logOnToken(user, openableIds(view.tree.items, view.grants));
      return { logOnToken, item };
    },

    /** GET dundas-bi/project/users-project-items (admin route). */
    usersProjectItems: (query: NsbiUsersQuery) => listNsbiUsers(nsbiList, query),

    /** GET dundas-bi/project/users-project-items/export: every page of that list, one at a time. */
    exportUsersProjectItems: (query: NsbiUsersQuery) => exportNsbiUsers(nsbiList, query),

    /** Whether the caller sees this item of their project now (usage clicks count only those). */
    async sees(actor: Actor, itemId: string): Promise<boolean> {
      const { user } = actor;
      if (!usesNsbi(user)) return false;
      const view = await viewOf(user);
      return Boolean(view?.items.some((i) => i.id === itemId));
    },
  };
}

export type ReportAccessService = ReturnType<typeof createReportAccessService>;
