import type { ReportTreeNode } from '@portal/contract';
import { isManaged, type ProjectTree } from '../project-trees';

/**
 * A project tree as docs/product.md §3 report tree nodes: the BI folders (by their ids) with their items as
 * leaves, folders first, each level by name.
 */
export function reportTreeOf(tree: ProjectTree): ReportTreeNode[] {
  const root: ReportTreeNode[] = [];
  const folders = new Map<string, ReportTreeNode>();
  for (const item of tree.items) {
    let level = root;
    item.folderIds.forEach((folderId, depth) => {
      let folder = folders.get(folderId);
      if (!folder) {
        folder = {
          id: folderId,
          name: item.folderPath[depth]!,
          description: null,
          type: 'folder',
          isLeaf: false,
          managedBy: null,
          children: [],
        };
        folders.set(folderId, folder);
        level.push(folder);
      }
      level = folder.children;
    });
    level.push({
      id: item.id,
      name: item.name,
      description: item.description ?? null,
      type: item.objectType.toLowerCase(),
      isLeaf: true,
      managedBy: isManaged(item.tags) ? 'TS' : null,
      children: [],
    });
  }
  const sort = (nodes: ReportTreeNode[]): ReportTreeNode[] =>
    nodes
      .map((n) => (n.isLeaf ? n : { ...n, children: sort(n.children) }))
      .sort((a, b) => (a.isLeaf === b.isLeaf ? a.name.localeCompare(b.name) : a.isLeaf ? 1 : -1));
  return sort(root);
}
