import {
  ADMIN_VISIBLE_META_KEYS,
  API_PREFIX,
  BULK_MESSAGES,
  META_KEYS,
  USER_ADMIN_MESSAGES,
  type BulkResult,
  type BulkJobResponse,
  type MetaItem,
  type PagedUsers,
  type User,
} from '@portal/contract';
import { AppError } from '../../lib/errors';
import { presentFile } from '../files';
import { presentRole } from '../roles';
import { isAdmin, type UserRecord } from '../directory';
import { pageQuery, presentPage } from '../../lib/paging';
import type { BulkUserOutcome } from './bulk';
import type { BulkJobRecord } from './bulk-jobs-repository';
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

/**
 * One user's line of a bulk job: why they were skipped, a refusal's own message (a 4xx of the single
 * action), "not found" for a user that is gone, and a generic one for anything else (it is logged,
 * not shown).
 */
export function presentBulkResult(outcome: BulkUserOutcome): BulkResult {
  if (outcome.status === 'done') return { id: outcome.id, status: 'done', message: null };
  if (outcome.status === 'skipped')
    return {
      id: outcome.id,
      status: 'skipped',
      message: outcome.reason === 'self' ? BULK_MESSAGES.self : BULK_MESSAGES.adminByFilter,
    };
  const { error } = outcome;
  const message = !(error instanceof AppError)
    ? BULK_MESSAGES.failed
    : error.status === 404
      ? BULK_MESSAGES.notFound
      : error.status < 500
        ? error.message
        : BULK_MESSAGES.failed;
  return { id: outcome.id, status: 'failed', message };
}

/** What the screen says of a job: working, "n of m users updated", or where it stopped. */
function bulkJobMessage(job: BulkJobRecord): string {
  switch (job.state) {
    case 'running':
      return job.processed === 0
        ? BULK_MESSAGES.started(job.total)
        : BULK_MESSAGES.progress(job.processed, job.total);
    case 'done':
      return BULK_MESSAGES.done(job.done, job.total);
    case 'failed':
      return BULK_MESSAGES.broke(job.processed, job.total);
    case 'interrupted':
      return BULK_MESSAGES.interrupted(job.processed, job.total);
  }
}

/** POST users/bulk (202) and GET users/bulk/{id}: the job, its counts and its sentence. */
export function presentBulkJob(job: BulkJobRecord): BulkJobResponse {
  return {
    data: {
      id: job.id,
      action: job.action,
      state: job.state,
      total: job.total,
      processed: job.processed,
      done: job.done,
      skipped: job.skipped,
      failed: job.failed,
      results: job.results,
      message: bulkJobMessage(job),
      started_at: job.startedAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
    },
  };
}

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
