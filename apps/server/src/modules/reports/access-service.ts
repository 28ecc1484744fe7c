import { REPORT_ACCESS_MESSAGES, type ReportAccessEntry, type UserReports } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ProjectTrees } from '../bi/project-items';
import { findUserRecord } from '../users/queries';
import { findGrants, replaceGrants } from './access-queries';
import { isManaged, presentReportItems } from '../bi/presenter';
import { listFolderAssignments } from '../bi/queries';
import { reportTreeOf } from './access-tree';

/**
 * Report access per user (SPEC §2 /admin/users/{id}/reports, API.md users/{id}/reports): which of
 * their project's items a user sees. Items Tattle Systems manages are always shown and read-only.
 * Everything is checked against the BI server's tree of the user's project: if that cannot be read
 * (502), nothing is saved.
 */
export function createReportAccessService(deps: { db: Db; trees: ProjectTrees; now: () => Date }) {
  const { db, trees, now } = deps;

  async function projectTreeOf(userId: number) {
    const user = await findUserRecord(db, userId);
    if (!user) throw AppError.notFound();
    if (!user.dundasProjectId) return { user, tree: null };
    return { user, tree: await trees.get(user.dundasProjectId) };
  }

  function accessOf(
    tree: NonNullable<Awaited<ReturnType<typeof projectTreeOf>>['tree']>,
    grants: Set<string> | null,
  ) {
    const access: ReportAccessEntry[] = [];
    for (const item of tree.items) {
      const managed = isManaged(item.tags);
      if (managed || grants === null || grants.has(item.id))
        access.push({ biReportId: item.id, isReadOnly: managed });
    }
    return access;
  }

  return {
    /** GET users/{id}/reports: the tree of the user's project and what they may see of it. */
    async get(userId: number): Promise<UserReports> {
      const { tree } = await projectTreeOf(userId);
      const grants = await findGrants(db, userId);
      if (!tree) return { tree: [], access: [], configured: grants !== null, items: [] };
      return {
        tree: reportTreeOf(tree),
        access: accessOf(tree, grants),
        configured: grants !== null,
        items: presentReportItems(tree, await listFolderAssignments(db)),
      };
    },

    /**
     * POST users/{id}/reports: the user sees exactly these items (and the TS-managed ones) from now
     * on. Ids outside their project, or managed by TS, are refused by name; nothing is saved then.
     */
    async save(userId: number, reportIds: string[], actorId: number): Promise<ReportAccessEntry[]> {
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
        await replaceGrants(tx, userId, wanted, now());
        await recordAudit(tx, {
          actorId,
          action: 'report_access.saved',
          targetType: 'user',
          targetId: userId,
          details: { projectId: tree.project.projectId, granted: wanted.length },
        });
      });
      return accessOf(tree, new Set(wanted));
    },
  };
}

export type ReportAccessService = ReturnType<typeof createReportAccessService>;
