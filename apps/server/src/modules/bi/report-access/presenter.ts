import { createHash } from 'node:crypto';
import {
  API_PREFIX,
  type LogOnToken,
  type NsbiUserItems,
  type PagedNsbiUsers,
  type ReportAccessEntry,
  type ReportItem,
  type UserReports,
} from '@portal/contract';
import { viewPathOf } from '../../../integrations/bi/view-modes';
import type { WalkedItem } from '../../../integrations/bi/walk';
import type { CsvColumn } from '../../../lib/csv';
import { pageQuery, presentPage } from '../../../lib/paging';
import { isManaged, type ProjectTree } from '../project-trees';
import { presentReportItems } from '../report-folders/presenter';
import type { NsbiUserEntry, NsbiUsersPage } from './nsbi-users';
import type { ItemsView, ReportAccess } from './service';
import { reportTreeOf } from './tree';

/** The items a user sees as report access entries, TS-managed ones marked read-only. */
export const presentAccess = (visible: readonly WalkedItem[]): ReportAccessEntry[] =>
  visible.map((item) => ({ biReportId: item.id, isReadOnly: isManaged(item.tags) }));

/** GET users/{id}/reports (docs/product.md §3): the tree, the access, whether an admin chose yet, the items. */
export function presentUserReports(access: ReportAccess): UserReports {
  const { tree, grants, visible, assignments, ownerEmail } = access;
  const configured = grants !== null;
  if (!tree) return { tree: [], access: [], configured, items: [] };
  return {
    tree: reportTreeOf(tree),
    access: presentAccess(visible),
    configured,
    items: presentReportItems(tree.project.name, tree.items, assignments, ownerEmail),
  };
}

// The items of a view, presented once per tree, owner, set of folder assignments and set of grants,
// and frozen: the same array goes to every request that sees the same, until the tree, the folders
// or the grants change, and the route serializes it once (rememberingSerializerCompiler). 2,000
// items cost ~8 ms to shape and encode (bench/bi-project-items.ts).
const presented = new WeakMap<ProjectTree, Map<string, readonly ReportItem[]>>();
const NO_ITEMS: readonly ReportItem[] = Object.freeze([]);
const KEPT_VIEWS_PER_TREE = 64;

/** GET project-items: the items of a view, the same frozen array for every request that sees the same. */
export function presentVisibleItems(view: ItemsView | null): readonly ReportItem[] {
  if (!view) return NO_ITEMS;
  const { tree, items, assignments, grants, ownerEmail } = view;
  // The email is in every item's location: one kept answer per user (still one encoding each).
  // The items are a function of the tree and the grants, so the grants stand for them in the key.
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
  const answer = Object.freeze(
    presentReportItems(tree.project.name, items, assignments, ownerEmail).map((item) => Object.freeze(item)),
  );
  if (views.size >= KEPT_VIEWS_PER_TREE) views.delete(views.keys().next().value!);
  views.set(key, answer);
  return answer;
}

/** A log-on token, and the URL that opens its item view-only in the BI server's frame. */
export function presentLogOnToken(
  issued: { logOnToken: string; item: { id: string; objectType: string } },
  publicUrl: string,
): LogOnToken {
  const { logOnToken, item } = issued;
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
