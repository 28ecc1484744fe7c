import type { NsbiUsersQuery } from '@portal/contract';
import type { WalkedItem } from '../../../integrations/bi/walk';
import { RemoteFailure } from '../../../integrations/remote';
import type { ProjectTree } from '../project-trees';
import { visibleItems } from './policy';
import type { GrantRepository, NsbiUserRepository, NsbiUserRow } from './repository';

/** One NSBI user with what they see: their project (name when the BI server gave it) and items. */
export type NsbiUserEntry = {
  user: NsbiUserRow;
  projectName: string | null;
  items: WalkedItem[];
  /** The BI server could not give their project's tree right now. */
  unavailable: boolean;
};
export type NsbiUsersPage = { entries: NsbiUserEntry[]; total: number; query: NsbiUsersQuery };

/**
 * Users NSBI Dashboards (GET dundas-bi/project/users-project-items): a page of NSBI users, each with
 * the dashboards and reports they see (their project, narrowed by their report access). Projects come
 * from the kept trees; one the BI server cannot give right now marks its users `unavailable`
 * instead of failing the whole page.
 */
export async function listNsbiUsers(
  deps: {
    nsbiUsers: NsbiUserRepository;
    grants: GrantRepository;
    projectTree: (projectId: string) => Promise<ProjectTree | null>;
  },
  query: NsbiUsersQuery,
): Promise<NsbiUsersPage> {
  const [rows, total] = await Promise.all([deps.nsbiUsers.page(query), deps.nsbiUsers.count(query.search)]);
  const projectIds = [...new Set(rows.flatMap((r) => (r.projectId ? [r.projectId] : [])))];
  const trees = new Map<string, ProjectTree | null | 'unavailable'>();
  await Promise.all(
    projectIds.map(async (id) => {
      try {
        trees.set(id, await deps.projectTree(id));
      } catch (error) {
        if (!(error instanceof RemoteFailure)) throw error;
        trees.set(id, 'unavailable');
      }
    }),
  );
  const grants = await deps.grants.findOf(rows.map((r) => r.id));

  const entries = rows.map((user): NsbiUserEntry => {
    const tree = user.projectId ? trees.get(user.projectId) : null;
    const known = tree && tree !== 'unavailable' ? tree : null;
    const granted = grants.get(user.id) ?? null;
    return {
      user,
      projectName: known?.project.name ?? null,
      items: known ? visibleItems(known.items, granted) : [],
      unavailable: tree === 'unavailable',
    };
  });
  return { entries, total, query };
}

/** NSBI users an export reads per page (each page also asks for its users' project trees). */
export const NSBI_EXPORT_PAGE = 100;

/**
 * Every NSBI user of the list's search and order with what they see, for the CSV export: page after
 * page of the list itself, so memory holds one page. (NSBI users are a share of all users; the
 * list's OFFSET pages are fine at that size, see decision 0022.)
 */
export async function* exportNsbiUsers(
  deps: Parameters<typeof listNsbiUsers>[0],
  query: NsbiUsersQuery,
): AsyncGenerator<NsbiUserEntry> {
  for (let page = 1; ; page += 1) {
    const { entries } = await listNsbiUsers(deps, { ...query, page, paginate: NSBI_EXPORT_PAGE });
    yield* entries;
    if (entries.length < NSBI_EXPORT_PAGE) return;
  }
}
