import { createHash } from 'node:crypto';
import {
  API_PREFIX,
  type BiAccount,
  type LogOnToken,
  type NsbiUserItems,
  type PagedNsbiUsers,
  type ReportItem,
} from '@portal/contract';
import { pageQuery, presentPage } from '../../lib/paging';
import type { CsvColumn } from '../../lib/csv';
import type { NsbiUserEntry, NsbiUsersPage } from './nsbi-users';
import type { FolderAssignment } from './report-folders/repository';
import { isManaged, type ProjectTree } from './project-trees';
import type { BiAccountRow } from './repository';
import { viewPathOf } from '../../integrations/bi/view-modes';
import { seesItem } from './policy';

/**
 * The ReportItems of a project tree (docs/api.md "ReportItem"). An item's folder is the portal report
 * folder it is assigned to, else the first BI folder below the project's roots, else none. Its
 * friendlyLocationElements are the folder names from the project down, with the user's email as
 * the folder below the project (docs/product.md §3; issue 18.4).
 */
export function presentReportItems(
  tree: ProjectTree,
  assignments: FolderAssignment[],
  ownerEmail: string,
): ReportItem[] {
  const assigned = new Map(assignments.map((a) => [a.biFileId, a]));
  return tree.items.map((item) => {
    const portalFolder = assigned.get(item.id);
    return {
      id: item.id,
      name: item.name,
      type: item.objectType.toLowerCase(),
      createdAt: item.createdTime ?? null,
      initialViewOptions: item.initialViewOptions ?? null,
      folderId: portalFolder?.folderId ?? item.topFolder?.id ?? null,
      folderName: portalFolder?.folderName ?? item.topFolder?.name ?? null,
      friendlyLocationElements: [tree.project.name, ownerEmail, ...item.folderPath],
      managedBy: isManaged(item.tags) ? 'TS' : null,
    };
  });
}

/** What of a project a user sees: its tree, the portal folder assignments, their grants (null: all). */
export type ItemsView = {
  tree: ProjectTree;
  assignments: FolderAssignment[];
  grants: ReadonlySet<string> | null;
};

// The items of a tree, presented once per tree, set of folder assignments and set of grants, and
// frozen: the same array goes to every caller who sees the same, until the tree, the folders or
// the grants change, and the route serializes it once (rememberingSerializerCompiler). 2,000
// items cost ~8 ms to shape and encode (bench/bi-project-items.ts).
const presented = new WeakMap<ProjectTree, Map<string, readonly ReportItem[]>>();
const NO_ITEMS: readonly ReportItem[] = Object.freeze([]);
const KEPT_VIEWS_PER_TREE = 64;

/** GET project-items: the items of a view, the same frozen array for every caller who sees the same. */
export function presentVisibleItems(view: ItemsView | null, ownerEmail: string): readonly ReportItem[] {
  if (!view) return NO_ITEMS;
  const { tree, assignments, grants } = view;
  // The email is in every item's location: one kept answer per user (still one encoding each).
  const key = createHash('sha1')
    .update(ownerEmail)
    .update('\n')
    .update(JSON.stringify(assignments))
    .update(grants === null ? '*' : [...grants].sort().join('\n'))
    .digest('base64');
  let views = presented.get(tree);
  if (!views) presented.set(tree, (views = new Map()));
  const kept = views.get(key);
  if (kept) return kept;
  const items = Object.freeze(
    presentReportItems(tree, assignments, ownerEmail)
      .filter((_, i) => seesItem(tree.items[i]!, grants))
      .map((item) => Object.freeze(item)),
  );
  if (views.size >= KEPT_VIEWS_PER_TREE) views.delete(views.keys().next().value!);
  views.set(key, items);
  return items;
}

export const presentBiAccount = (row: BiAccountRow, projectId: string | null): BiAccount => ({
  user_id: row.userId,
  account_id: row.accountId,
  account_name: row.accountName,
  project_id: projectId,
});

/** A log-on token, and with an item the URL that opens it view-only in the BI server's frame. */
export function presentLogOnToken(
  issued: { logOnToken: string; item?: { id: string; objectType: string } },
  publicUrl: string,
): LogOnToken {
  const { logOnToken, item } = issued;
  if (!item) return { logOnToken };
  const url = `${publicUrl}/${viewPathOf(item.objectType)}/${encodeURIComponent(item.id)}?e=false&vo=viewonly&logonTokenId=${encodeURIComponent(logOnToken)}`;
  return { logOnToken, url };
}

/** GET users-project-items: the paged shape of docs/api.md, each user with the dashboards and reports they see. */
export function presentNsbiUsersPage(page: NsbiUsersPage): PagedNsbiUsers {
  const { query } = page;
  const data = page.entries.map(({ user, projectName, items, unavailable }): NsbiUserItems => {
    const pick = (type: string) =>
      items.filter((i) => i.objectType === type).map((i) => ({ id: i.id, name: i.name }));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      project: user.projectId ? { projectId: user.projectId, name: projectName } : null,
      dashboards: pick('Dashboard'),
      reports: pick('Report'),
      unavailable,
    };
  });
  const link = pageQuery(query, query.paginate);
  return presentPage(
    { rows: data, total: page.total, page: query.page, perPage: query.paginate },
    (n) => `${API_PREFIX}/dundas-bi/project/users-project-items?${link(n)}`,
  );
}

const itemNames = (items: NsbiUserEntry['items'], type: string) =>
  items
    .filter((i) => i.objectType === type)
    .map((i) => i.name)
    .join('; ');

/** The columns of the NSBI Dashboards export: the list's row, items as names joined by "; ". */
export const nsbiUserCsvColumns: Array<CsvColumn<NsbiUserEntry>> = [
  { header: 'id', value: (e) => e.user.id },
  { header: 'name', value: (e) => e.user.name },
  { header: 'email', value: (e) => e.user.email },
  { header: 'created_at', value: (e) => e.user.createdAt.toISOString() },
  { header: 'project_id', value: (e) => e.user.projectId },
  { header: 'project_name', value: (e) => e.projectName },
  { header: 'dashboards', value: (e) => itemNames(e.items, 'Dashboard') },
  { header: 'reports', value: (e) => itemNames(e.items, 'Report') },
  { header: 'bi_server_unavailable', value: (e) => (e.unavailable ? 1 : 0) },
];
