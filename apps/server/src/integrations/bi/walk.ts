import pLimit from 'p-limit';
import type { BiFileEntry, BiProjectData } from './client';
import { BI_ITEM_TYPES } from './view-modes';

/** A dashboard or report found by a walk, with the folders above it (below the project's roots). */
export type WalkedItem = BiFileEntry & {
  /** Names of the folders from the root down to the item's own folder; empty at a root. */
  folderPath: string[];
  /** Their BI ids, in the same order. */
  folderIds: string[];
  /** The first folder below the root it sits in (the Reports screen's folder), or null at a root. */
  topFolder: { id: string; name: string } | null;
};

const FOLDER_TYPES = new Set(['Folder', 'DashboardsFolder', 'ReportsFolder', 'ProjectFolder']);
const ITEM_TYPES = new Set<string>(BI_ITEM_TYPES);

/**
 * Walks a project's folders breadth-first — the BI server answers only direct children — with at
 * most `concurrency` folder queries in flight. Answers the items in a stable order and how many
 * folder queries it took (for the benchmark and the logs).
 */
export async function walkProject(
  project: BiProjectData,
  children: (folderId: string) => Promise<BiFileEntry[]>,
  concurrency: number,
): Promise<{ items: WalkedItem[]; folderQueries: number }> {
  const limit = pLimit(concurrency);
  const items: WalkedItem[] = [];
  let folderQueries = 0;
  const seen = new Set<string>();

  async function visit(
    folderId: string,
    path: string[],
    ids: string[],
    top: WalkedItem['topFolder'],
  ): Promise<void> {
    if (seen.has(folderId)) return; // a folder reachable twice is walked once
    seen.add(folderId);
    folderQueries += 1;
    const entries = await limit(() => children(folderId));
    const below: Promise<void>[] = [];
    for (const entry of entries) {
      if (FOLDER_TYPES.has(entry.objectType)) {
        below.push(
          visit(
            entry.id,
            [...path, entry.name],
            [...ids, entry.id],
            top ?? { id: entry.id, name: entry.name },
          ),
        );
      } else if (ITEM_TYPES.has(entry.objectType)) {
        items.push({ ...entry, folderPath: path, folderIds: ids, topFolder: top });
      }
    }
    await Promise.all(below);
  }

  await Promise.all(project.rootFolderIds.map((id) => visit(id, [], [], null)));
  items.sort(
    (a, b) => a.folderPath.join('/').localeCompare(b.folderPath.join('/')) || a.name.localeCompare(b.name),
  );
  return { items, folderQueries };
}
