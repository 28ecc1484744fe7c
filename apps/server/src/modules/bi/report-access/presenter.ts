import type { ReportAccessEntry, UserReports } from '@portal/contract';
import { seesItem } from '../policy';
import { presentReportItems } from '../presenter';
import { isManaged, type ProjectTree } from '../project-trees';
import type { ReportAccess } from './service';
import { reportTreeOf } from './tree';

/** Which items of the tree the user sees, TS-managed ones marked read-only. */
export function presentAccess(tree: ProjectTree, grants: ReadonlySet<string> | null): ReportAccessEntry[] {
  return tree.items
    .filter((item) => seesItem(item, grants))
    .map((item) => ({ biReportId: item.id, isReadOnly: isManaged(item.tags) }));
}

/** GET users/{id}/reports (docs/product.md §3): the tree, the access, whether an admin chose yet, the items. */
export function presentUserReports(access: ReportAccess): UserReports {
  const { tree, grants, assignments, ownerEmail } = access;
  const configured = grants !== null;
  if (!tree) return { tree: [], access: [], configured, items: [] };
  return {
    tree: reportTreeOf(tree),
    access: presentAccess(tree, grants),
    configured,
    items: presentReportItems(tree, assignments, ownerEmail),
  };
}
