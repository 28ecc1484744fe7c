import { REPORT_ACCESS_MESSAGES } from '@portal/contract';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { UserRepository } from '../../directory';
import { isManaged, type ProjectTree, type ProjectTrees } from '../project-trees';
import type { FolderAssignment, ReportFolderRepository } from '../report-folders/repository';
import type { GrantRepository } from './repository';

/** A user's report access as the admin page shows it: their project's tree (null: none) and grants. */
export type ReportAccess = {
  tree: ProjectTree | null;
  grants: ReadonlySet<string> | null;
  assignments: FolderAssignment[];
  /** The user's email: their items' location names it (docs/product.md §3). */
  ownerEmail: string;
};

/**
 * Report access per user (docs/product.md §2 /admin/users/{id}/reports, docs/api.md users/{id}/reports): which of
 * their project's items a user sees. Items Tattle Systems manages are always shown and read-only.
 * Everything is checked against the BI server's tree of the user's project: if that cannot be read
 * (502), nothing is saved.
 */
export function createReportAccessService(deps: {
  db: Db;
  users: UserRepository;
  grants: GrantRepository;
  folders: ReportFolderRepository;
  trees: ProjectTrees;
  now: () => Date;
  /** Brings the user's BI account in line with the grants just saved (the bi service). */
  grantsChanged: (userId: number) => Promise<void>;
}) {
  const { db, users, grants, trees, now } = deps;

  async function projectTreeOf(userId: number) {
    const user = await users.find(userId);
    if (!user) throw AppError.notFound();
    const tree = user.dundasProjectId ? await trees.get(user.dundasProjectId) : null;
    return { tree, email: user.email };
  }

  return {
    /** GET users/{id}/reports: the tree of the user's project and what they may see of it. */
    async get(userId: number): Promise<ReportAccess> {
      const { tree, email } = await projectTreeOf(userId);
      const granted = await grants.find(userId);
      return {
        tree,
        grants: granted,
        assignments: tree ? await deps.folders.listAssignments() : [],
        ownerEmail: email,
      };
    },

    /**
     * POST users/{id}/reports: the user sees exactly these items (and the TS-managed ones) from now
     * on. Ids outside their project, or managed by TS, are refused by name; nothing is saved then.
     * Answers the tree and the grants saved.
     */
    async save(userId: number, reportIds: string[], actorId: number) {
      const { tree } = await projectTreeOf(userId);
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
          actorId,
          action: 'report_access.saved',
          targetType: 'user',
          targetId: userId,
          details: { projectId: tree.project.projectId, granted: wanted.length },
        });
      });
      await deps.grantsChanged(userId);
      return { tree, grants: new Set(wanted) };
    },
  };
}

export type ReportAccessService = ReturnType<typeof createReportAccessService>;
