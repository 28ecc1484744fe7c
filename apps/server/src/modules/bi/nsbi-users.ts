import { API_PREFIX, type NsbiUserItems, type NsbiUsersQuery, type PagedNsbiUsers } from '@portal/contract';
import type { Db } from '../../db/client';
import { RemoteFailure } from '../../integrations/remote';
import { findGrantsOf } from '../reports/access-queries';
import { pageQuery, presentPage } from '../users/presenter';
import { isManaged } from './presenter';
import type { ProjectTree, ProjectTrees } from './project-items';
import { countNsbiUsers, nsbiUsersPage } from './nsbi-users-queries';

/**
 * Users NSBI Dashboards (GET dundas-bi/project/users-project-items): a page of NSBI users, each with
 * the dashboards and reports they see (their project, narrowed by their report access). Projects come
 * from the kept trees; one the BI server cannot give right now marks its users `unavailable`
 * instead of failing the whole page.
 */
export async function listNsbiUsers(
  deps: { db: Db; trees: ProjectTrees },
  query: NsbiUsersQuery,
): Promise<PagedNsbiUsers> {
  const [rows, total] = await Promise.all([
    nsbiUsersPage(deps.db, query),
    countNsbiUsers(deps.db, query.search),
  ]);
  const projectIds = [...new Set(rows.flatMap((r) => (r.projectId ? [r.projectId] : [])))];
  const trees = new Map<string, ProjectTree | null | 'unavailable'>();
  await Promise.all(
    projectIds.map(async (id) => {
      try {
        trees.set(id, await deps.trees.get(id));
      } catch (error) {
        if (!(error instanceof RemoteFailure)) throw error;
        trees.set(id, 'unavailable');
      }
    }),
  );
  const grants = await findGrantsOf(
    deps.db,
    rows.map((r) => r.id),
  );

  const data = rows.map((row): NsbiUserItems => {
    const tree = row.projectId ? trees.get(row.projectId) : null;
    const known = tree && tree !== 'unavailable' ? tree : null;
    const granted = grants.get(row.id) ?? null;
    const items = (known?.items ?? []).filter(
      (i) => granted === null || isManaged(i.tags) || granted.has(i.id),
    );
    const pick = (type: string) =>
      items.filter((i) => i.objectType === type).map((i) => ({ id: i.id, name: i.name }));
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      project: row.projectId ? { projectId: row.projectId, name: known?.project.name ?? null } : null,
      dashboards: pick('Dashboard'),
      reports: pick('Report'),
      unavailable: tree === 'unavailable',
    };
  });
  const link = pageQuery(query, query.paginate);
  return presentPage(
    { rows: data, total, page: query.page, perPage: query.paginate },
    (n) => `${API_PREFIX}/dundas-bi/project/users-project-items?${link(n)}`,
  );
}
