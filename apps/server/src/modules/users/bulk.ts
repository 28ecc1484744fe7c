import {
  BULK_MAX_USERS,
  BULK_MESSAGES,
  META_KEYS,
  type BulkAction,
  type BulkUsersRequest,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { exportUsers } from './list/export';
import type { Actor } from '../directory';
import { canBulkActOn } from './policy';
import type { UserService } from './service';

/** The BI project assignment of one user (the bi module's, with its own check and audit row). */
export type AssignProject = (userId: number, projectId: string | null, actor: Actor) => Promise<unknown>;

type One = (id: number, request: BulkUsersRequest, actor: Actor) => Promise<unknown>;

/**
 * What happened to one user of a run: done, skipped (the acting admin: policy canBulkActOn), or
 * failed with what the single action threw. presentBulkRun() words it for the answer.
 */
export type BulkUserOutcome =
  | { id: number; status: 'done' }
  | { id: number; status: 'skipped' }
  | { id: number; status: 'failed'; error: unknown };

/** A bulk run: the action and each user's outcome, in the order the users were handled. */
export type BulkRun = { action: BulkAction; results: BulkUserOutcome[] };

const keep = { deleteRemoteAccount: false, deleteRemoteFolders: false, force: false };

/**
 * POST users/bulk: one action on many users, each through the same service method as the single
 * action (so each user gets exactly the checks and the one audit row a single action writes), one
 * after the other; a failure is that user's result, not the end of the run. The acting admin is
 * skipped (policy canBulkActOn).
 */
export function createBulkActions(deps: {
  database: Pick<Database, 'db' | 'query'>;
  service: Pick<UserService, 'remove' | 'restore' | 'saveMeta'>;
  assignProject: AssignProject;
  log: { error(details: object, message: string): void };
}) {
  // saveMeta checks the user and writes 'users.meta_updated' for them.
  const nsbiFlag =
    (value: '0' | '1'): One =>
    (id, _request, actor) =>
      deps.service.saveMeta({ user_id: id, meta: [{ key: META_KEYS.nsbiEnabled, value }] }, actor);
  const actions: Record<BulkAction, One> = {
    block: (id, _r, actor) => deps.service.remove(id, { ...keep, block: true }, actor),
    delete: (id, _r, actor) => deps.service.remove(id, { ...keep, block: false }, actor),
    restore: (id, _r, actor) => deps.service.restore(id, actor),
    nsbi_on: nsbiFlag('1'),
    nsbi_off: nsbiFlag('0'),
    assign_project: (id, request, actor) => deps.assignProject(id, request.project_id ?? null, actor),
  };

  /** The ids a request names: its own, or every user its filter matches (at most BULK_MAX_USERS). */
  async function idsOf(request: BulkUsersRequest): Promise<number[]> {
    if (request.ids) return [...new Set(request.ids)];
    const { search, blocked } = request.filter!;
    const ids: number[] = [];
    for await (const user of exportUsers(deps.database, {
      search,
      blocked,
      sortColumn: 'id',
      sortDirection: 'asc',
    })) {
      ids.push(user.id);
      if (ids.length > BULK_MAX_USERS) break;
    }
    if (ids.length > BULK_MAX_USERS)
      throw AppError.validation(
        { filter: [BULK_MESSAGES.tooMany(ids.length - 1)] },
        BULK_MESSAGES.tooMany(ids.length - 1),
      );
    return ids;
  }

  return async function bulk(request: BulkUsersRequest, actor: Actor): Promise<BulkRun> {
    const ids = await idsOf(request);
    const act = actions[request.action];
    const results: BulkUserOutcome[] = [];
    for (const id of ids) {
      if (!canBulkActOn(actor, id)) {
        results.push({ id, status: 'skipped' });
        continue;
      }
      try {
        await act(id, request, actor);
        results.push({ id, status: 'done' });
      } catch (error) {
        if (!(error instanceof AppError)) deps.log.error({ err: error, userId: id }, 'bulk action failed');
        results.push({ id, status: 'failed', error });
      }
    }
    return { action: request.action, results };
  };
}

export type BulkActions = ReturnType<typeof createBulkActions>;
