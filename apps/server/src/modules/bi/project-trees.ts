import type { BiClient, BiProjectData } from '../../integrations/bi/client';
import type { WalkedItem } from '../../integrations/bi/walk';

/** Tattle Systems manages the item for its users (a BI tag): read-only in the portal. */
export const isManaged = (tags: string[] | null | undefined) => tags?.includes('ManagedBy:TS') ?? false;

/** A project's items as the portal keeps them between walks. */
export type ProjectTree = {
  project: BiProjectData;
  items: WalkedItem[];
  walkedAt: number;
  folderQueries: number;
};

export type ProjectTreesOptions = {
  bi: Pick<BiClient, 'project' | 'walk'>;
  now: () => Date;
  /** How long a walked tree answers before the next request walks again. */
  ttlMs: number;
  /** How many projects' trees are kept (least recently used go first). */
  maxProjects?: number;
};

/**
 * The BI server answers folders one level at a time, so a project's tree costs one call per folder
 * (102 for 2,000 items in 100 folders). Trees are kept here for `ttlMs` per project; concurrent
 * requests for the same project share one walk; Refresh (`fresh`) walks again at once.
 * Per instance and in memory: a copy of the BI server's data, nothing another instance needs.
 */
export function createProjectTrees(options: ProjectTreesOptions) {
  const { bi, now, ttlMs } = options;
  const maxProjects = options.maxProjects ?? 200;
  const trees = new Map<string, ProjectTree>();
  const walks = new Map<string, Promise<ProjectTree | null>>();

  async function walk(projectId: string): Promise<ProjectTree | null> {
    const project = await bi.project(projectId);
    if (!project) {
      trees.delete(projectId);
      return null;
    }
    const { items, folderQueries } = await bi.walk(project);
    const tree = { project, items, walkedAt: now().getTime(), folderQueries };
    trees.delete(projectId); // re-inserted last: the Map's order is the LRU order
    trees.set(projectId, tree);
    if (trees.size > maxProjects) trees.delete(trees.keys().next().value!);
    return tree;
  }

  return {
    /** The project's tree, or null when the BI server has no such project. */
    async get(projectId: string, { fresh = false } = {}): Promise<ProjectTree | null> {
      const kept = trees.get(projectId);
      if (!fresh && kept && now().getTime() - kept.walkedAt < ttlMs) return kept;
      let running = walks.get(projectId);
      if (!running) {
        running = walk(projectId).finally(() => walks.delete(projectId));
        walks.set(projectId, running);
      }
      return running;
    },
    forget: (projectId: string) => trees.delete(projectId),
    /** The name of an item in any kept tree (usage charts name reports by it), or null. */
    itemName(itemId: string): string | null {
      for (const tree of trees.values()) {
        const item = tree.items.find((i) => i.id === itemId);
        if (item) return item.name;
      }
      return null;
    },
  };
}

export type ProjectTrees = ReturnType<typeof createProjectTrees>;
