import {
  ADMIN_VISIBLE_META_KEYS,
  API_PREFIX,
  META_KEYS,
  USER_ADMIN_MESSAGES,
  type MetaItem,
  type PagedUsers,
  type User,
} from '@portal/contract';
import { presentFile } from '../files';
import { presentRole } from '../roles';
import { isAdmin } from './policy';
import type { UserRecord } from './repository';
import type { UserPage } from './list/engine';

/** A user's meta as the viewer may see it: admin notes only for admins (docs/product.md §5). */
export const presentMeta = (meta: UserRecord['meta'], options: { adminView: boolean }): MetaItem[] =>
  meta
    .filter((m) => options.adminView || !ADMIN_VISIBLE_META_KEYS.includes(m.key))
    .map((m) => ({ key: m.key, value: m.value }));

/** The linked LD and TS accounts of the User object: what the Profile shows, never a token or session id. */
function presentLinks(links: UserRecord['links']): Pick<User, 'ld' | 'ts'> {
  const ld = links.find((l) => l.app === 'ld');
  const ts = links.find((l) => l.app === 'ts');
  return {
    ld: ld
      ? {
          user_id: ld.externalUserId,
          username: ld.username,
          email: ld.email,
          name: ld.name,
          client_name: ld.clientName,
          branch_name: ld.branchName,
        }
      : null,
    ts: ts ? { user_id: ts.externalUserId, username: ts.username, email: ts.email, name: ts.name } : null,
  };
}

/**
 * The only place a User (docs/api.md "Objects") is shaped. Built field by field from a UserRecord, which
 * carries no password hash and no linked app's secrets, so nothing secret can slip through.
 * `adminView`: an admin is looking (admin routes); otherwise the user is looking at themselves
 * (auth/me, sign-in) and sees admin notes only if an admin.
 */
export function presentUser(user: UserRecord, options: { adminView?: boolean } = {}): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    logo: user.logo && presentFile({ ...user.logo, userId: user.id }),
    roles: user.roles.map(presentRole),
    role: { is_admin: isAdmin(user) },
    meta: presentMeta(user.meta, { adminView: options.adminView === true || isAdmin(user) }),
    dundas: user.dundasProjectId === null ? null : { dundas_project_id: user.dundasProjectId },
    ...presentLinks(user.links),
    blocked: user.blockedAt !== null,
  };
}

/** Pages shown around the current one in meta.links; gaps become a "..." entry without a url. */
const EACH_SIDE = 2;

/**
 * The paged shape of docs/api.md (docs/product.md §3 "Paged users response") around any rows: `url(n)` is the
 * list's own query for page n. Shared by every paged list (users, NSBI dashboards).
 */
export function presentPage<Row>(
  page: { rows: Row[]; total: number; page: number; perPage: number },
  url: (n: number) => string,
) {
  const { total, perPage } = page;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = page.page;
  const from = page.rows.length ? (current - 1) * perPage + 1 : null;
  const shown = [...new Set([1, 2, lastPage - 1, lastPage])]
    .concat(Array.from({ length: EACH_SIDE * 2 + 1 }, (_, i) => current - EACH_SIDE + i))
    .filter((n, i, all) => n >= 1 && n <= lastPage && all.indexOf(n) === i)
    .sort((a, b) => a - b);
  const numbered = shown.flatMap((n, i) => {
    const link = { label: String(n), url: url(n), active: n === current };
    return i > 0 && n - shown[i - 1]! > 1 ? [{ label: '...', url: null, active: false }, link] : [link];
  });
  return {
    data: page.rows,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: current > 1 ? url(Math.min(current - 1, lastPage)) : null,
      next: current < lastPage ? url(current + 1) : null,
    },
    meta: {
      current_page: current,
      per_page: perPage,
      total,
      last_page: lastPage,
      from,
      to: from === null ? null : from + page.rows.length - 1,
      links: [
        {
          label: '« Previous',
          url: current > 1 ? url(Math.min(current - 1, lastPage)) : null,
          active: false,
        },
        ...numbered,
        { label: 'Next »', url: current < lastPage ? url(current + 1) : null, active: false },
      ],
    },
  };
}

/** The query string of page n of a list (its page size, order and search kept). */
export function pageQuery(
  query: { sortColumn: string; sortDirection: string; search?: string | null },
  perPage: number,
  extra: Record<string, string> = {},
) {
  return (n: number) => {
    const params = new URLSearchParams({
      paginate: String(perPage),
      page: String(n),
      sortColumn: query.sortColumn,
      sortDirection: query.sortDirection,
    });
    if (query.search) params.set('search', query.search);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    return params.toString();
  };
}

/** GET users: the paged shape of docs/api.md, with links that repeat the list's own query. */
export function presentUserPage(page: UserPage): PagedUsers {
  const query = pageQuery(page.query, page.perPage, page.query.blocked ? { blocked: '1' } : {});
  return presentPage(
    { ...page, rows: page.rows.map((user) => presentUser(user, { adminView: true })) },
    (n) => `${API_PREFIX}/users?${query(n)}`,
  );
}

/** The answer of DELETE users/{id}: deleted, or deleted and blocked. */
export const presentRemoval = (outcome: { blocked: boolean }) => ({
  message: outcome.blocked ? USER_ADMIN_MESSAGES.userBlocked : USER_ADMIN_MESSAGES.userDeleted,
});

/** The columns of GET users/export: what the list shows, plus role, state and BI project. */
export const userCsvColumns: Array<{ header: string; value: (user: UserRecord) => unknown }> = [
  { header: 'id', value: (u) => u.id },
  { header: 'name', value: (u) => u.name },
  { header: 'email', value: (u) => u.email },
  { header: 'username', value: (u) => u.username },
  { header: 'company_name', value: (u) => u.meta.find((m) => m.key === META_KEYS.companyName)?.value },
  { header: 'roles', value: (u) => u.roles.map((r) => r.name).join('; ') },
  { header: 'blocked', value: (u) => (u.blockedAt === null ? 0 : 1) },
  { header: 'bi_project_id', value: (u) => u.dundasProjectId },
  { header: 'created_at', value: (u) => u.createdAt.toISOString() },
];
