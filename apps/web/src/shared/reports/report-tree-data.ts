import type { ReportItem } from '@portal/contract';

export type ReportTreeNode =
  | { kind: 'folder'; key: string; name: string; children: ReportTreeNode[] }
  | { kind: 'item'; key: string; item: ReportItem };

/**
 * The items as a tree of their BI folders (docs/product.md §2 "Report list is a tree: folders and leaves").
 * `below(item)` names the folders to show above an item; folders first, then items, by name.
 */
export function buildReportTree(
  items: ReportItem[],
  below: (item: ReportItem) => string[],
): ReportTreeNode[] {
  const root: ReportTreeNode[] = [];
  for (const item of items) {
    let level = root;
    const path: string[] = [];
    for (const name of below(item)) {
      path.push(name);
      const key = `folder:${path.join('/')}`;
      let folder = level.find(
        (n): n is Extract<ReportTreeNode, { kind: 'folder' }> => n.kind === 'folder' && n.key === key,
      );
      if (!folder) {
        folder = { kind: 'folder', key, name, children: [] };
        level.push(folder);
      }
      level = folder.children;
    }
    level.push({ kind: 'item', key: item.id, item });
  }
  const sort = (nodes: ReportTreeNode[]): ReportTreeNode[] =>
    nodes
      .map((n) => (n.kind === 'folder' ? { ...n, children: sort(n.children) } : n))
      .sort((a, b) => (a.kind === b.kind ? label(a).localeCompare(label(b)) : a.kind === 'folder' ? -1 : 1));
  return sort(root);
}

const label = (node: ReportTreeNode) => (node.kind === 'folder' ? node.name : node.item.name);

/** The folders of the Reports screen: one tile per folder the caller has items in. */
export function foldersOf(items: ReportItem[]): Array<{ id: string; name: string; count: number }> {
  const folders = new Map<string, { id: string; name: string; count: number }>();
  for (const item of items) {
    if (!item.folderId) continue;
    const folder = folders.get(item.folderId) ?? {
      id: item.folderId,
      name: item.folderName ?? 'Folder',
      count: 0,
    };
    folder.count += 1;
    folders.set(item.folderId, folder);
  }
  return [...folders.values()].sort((a, b) => a.name.localeCompare(b.name));
}
