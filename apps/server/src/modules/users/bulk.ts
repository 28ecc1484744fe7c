import {
  BULK_MAX_LISTED_RESULTS,
  BULK_MAX_USERS,
  BULK_MESSAGES,
  META_KEYS,
  type BulkAction,
  type BulkUsersRequest,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { exportUsers } from './list/export';
import { isAdmin, type Actor } from '../directory';
import type { BulkJobRecord, BulkJobRepository, BulkProgress } from './bulk-jobs-repository';
import { bulkNeedsStepUp, canBulkActByFilterOn, canBulkActOn } from './policy';
import { presentBulkResult } from './presenter';
import { PASSWORD_CONFIRMED } from './reauth';
import type { UserService } from './service';

/** The BI project assignment of one user (the bi module's, with its own check and audit row). */
export type AssignProject = (userId: number, projectId: string | null, actor: Actor) => Promise<unknown>;

type One = (id: number, request: BulkUsersRequest, actor: Actor) => Promise<unknown>;

/**
 * What happened to one user of a run: done, skipped (the acting admin: policy canBulkActOn; an
 * administrator matched by a filter: canBulkActByFilterOn), or failed with what the single action
 * threw. presentBulkResult() words it.
 */
export type BulkUserOutcome =
  | { id: number; status: 'done' }
  | { id: number; status: 'skipped'; reason: 'self' | 'admin' }
  | { id: number; status: 'failed'; error: unknown };

/** A user a run will handle, and whether only a filter named them (so an admin is left alone). */
type Target = { id: number; byFilter: boolean; admin: boolean };

/** How often a running job writes its counts, and how often it says it is alive while one user takes long. */
const PROGRESS_EVERY_MS = 1000;
const HEARTBEAT_EVERY_MS = 5000;
/** A running job whose heartbeat is older than this lost its instance (6 missed beats). */
const BULK_JOB_STALE_MS = 30_000;
/** How long a shutdown waits for a running user's action before the database closes under it. */
const STOP_WAIT_MS = 15_000;

const keep = { deleteRemoteAccount: false, deleteRemoteFolders: false, force: false };

/**
 * POST users/bulk starts a job: one action on many users, each through the same service method as
 * the single action (so each user gets exactly the checks and the one audit row a single action
 * writes), one after the other, in the background; GET users/bulk/{id} reads its progress. Small and
 * large runs take the same path (docs/decisions/0038-step-up-and-bulk-jobs.md): the request that
 * starts it checks, resolves the users and answers 202 at once, so no request waits for a run of
 * thousands of users and remote BI calls. One running job per admin (a unique index, so on every
 * instance); a job whose instance died is marked interrupted by the next instance that looks.
 */
export function createBulkActions(deps: {
  database: Pick<Database, 'db' | 'query'>;
  service: Pick<UserService, 'remove' | 'restore' | 'saveMeta' | 'confirmActor'>;
  assignProject: AssignProject;
  jobs: BulkJobRepository;
  now: () => Date;
  log: { error(details: object, message: string): void };
}) {
  const { jobs, now } = deps;
  // saveMeta checks the user and writes 'users.meta_updated' for them.
  const nsbiFlag =
    (value: '0' | '1'): One =>
    (id, _request, actor) =>
      deps.service.saveMeta({ user_id: id, meta: [{ key: META_KEYS.nsbiEnabled, value }] }, actor);
  // The actor's password was checked once when the job started (start below).
  const actions: Record<BulkAction, One> = {
    block: (id, _r, actor) => deps.service.remove(id, { ...keep, block: true }, actor, PASSWORD_CONFIRMED),
    delete: (id, _r, actor) => deps.service.remove(id, { ...keep, block: false }, actor, PASSWORD_CONFIRMED),
    restore: (id, _r, actor) => deps.service.restore(id, actor, PASSWORD_CONFIRMED),
    nsbi_on: nsbiFlag('1'),
    nsbi_off: nsbiFlag('0'),
    assign_project: (id, request, actor) => deps.assignProject(id, request.project_id ?? null, actor),
  };

  /**
   * The users a request names: its own ids, or every user its filter matches (at most
   * BULK_MAX_USERS), whose number must be the one the admin saw (`expected_total`, else 409).
   */
  async function targetsOf(request: BulkUsersRequest): Promise<Target[]> {
    if (request.ids) return [...new Set(request.ids)].map((id) => ({ id, byFilter: false, admin: false }));
    const { search, blocked, expected_total: expected } = request.filter!;
    const targets: Target[] = [];
    for await (const user of exportUsers(deps.database, {
      search,
      blocked,
      sortColumn: 'id',
      sortDirection: 'asc',
    })) {
      targets.push({ id: user.id, byFilter: true, admin: isAdmin(user) });
      if (targets.length > BULK_MAX_USERS) break;
    }
    if (targets.length > BULK_MAX_USERS)
      throw AppError.validation(
        { filter: [BULK_MESSAGES.tooMany(targets.length - 1)] },
        BULK_MESSAGES.tooMany(targets.length - 1),
      );
    if (targets.length !== expected)
      throw new AppError(409, BULK_MESSAGES.countChanged(expected, targets.length));
    return targets;
  }

  const running = new Set<Promise<void>>();
  let stopping = false;

  async function one(target: Target, request: BulkUsersRequest, actor: Actor): Promise<BulkUserOutcome> {
    if (!canBulkActOn(actor, target.id)) return { id: target.id, status: 'skipped', reason: 'self' };
    if (target.byFilter && !canBulkActByFilterOn(target))
      return { id: target.id, status: 'skipped', reason: 'admin' };
    try {
      await actions[request.action](target.id, request, actor);
      return { id: target.id, status: 'done' };
    } catch (error) {
      if (!(error instanceof AppError))
        deps.log.error({ err: error, userId: target.id }, 'bulk action failed');
      return { id: target.id, status: 'failed', error };
    }
  }

  /** Runs a started job to its end (or to a shutdown), writing its counts as it goes. */
  async function run(job: BulkJobRecord, targets: Target[], request: BulkUsersRequest, actor: Actor) {
    const progress: BulkProgress = { processed: 0, done: 0, skipped: 0, failed: 0, results: [] };
    const beat = setInterval(() => {
      jobs.beat(job.id, now()).catch((err: unknown) => deps.log.error({ err }, 'bulk job heartbeat'));
    }, HEARTBEAT_EVERY_MS);
    beat.unref();
    let state: 'done' | 'failed' | 'interrupted' = 'done';
    let written = Date.now();
    try {
      for (const target of targets) {
        if (stopping) {
          state = 'interrupted';
          break;
        }
        const outcome = await one(target, request, actor);
        progress.processed += 1;
        progress[outcome.status] += 1;
        if (outcome.status !== 'done' && progress.results.length < BULK_MAX_LISTED_RESULTS)
          progress.results.push(presentBulkResult(outcome));
        if (Date.now() - written >= PROGRESS_EVERY_MS) {
          // Another instance declared this job dead (its heartbeat was late): stop here.
          if (!(await jobs.progress(job.id, progress, now()))) return;
          written = Date.now();
        }
      }
    } catch (err) {
      state = 'failed';
      deps.log.error({ err, jobId: job.id }, 'bulk job failed');
    } finally {
      clearInterval(beat);
    }
    await jobs
      .finish(job.id, state, progress, now())
      .catch((err: unknown) => deps.log.error({ err, jobId: job.id }, 'bulk job end not written'));
  }

  const interruptStale = () => jobs.interruptStale(new Date(now().getTime() - BULK_JOB_STALE_MS), now());

  return {
    /**
     * Checks the request (the actor's password for block/restore/delete, before anything else), finds
     * its users, starts the job and answers it as started; the run goes on after the answer.
     */
    async start(request: BulkUsersRequest, actor: Actor): Promise<BulkJobRecord> {
      if (bulkNeedsStepUp(request.action)) await deps.service.confirmActor(actor, request.current_password);
      const targets = await targetsOf(request);
      await interruptStale();
      const job = await jobs
        .start({ actorId: actor.userId, action: request.action, total: targets.length }, now())
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'bulk_jobs_one_running_per_actor'))
            throw new AppError(409, BULK_MESSAGES.jobRunning);
          throw error;
        });
      await recordAudit(deps.database.db, {
        actorId: actor.userId,
        action: 'users.bulk_started',
        targetType: 'bulk_job',
        targetId: job.id,
        ip: actor.ip,
        details: {
          action: request.action,
          ...(request.ids ? { ids: targets.length } : { filter: request.filter }),
          ...(request.project_id !== undefined && { projectId: request.project_id }),
          total: targets.length,
        },
      });
      const done = run(job, targets, request, actor).finally(() => running.delete(done));
      running.add(done);
      return job;
    },

    /**
     * GET users/bulk/{id}: the job as it stands, to the admin who started it (another admin's job
     * is 404: its results name users and reasons, and the audit log already tells what was done).
     * The screen asks every 0.75 s, so the sweep runs only when this job itself looks dead
     * (running, its heartbeat stale): then it is interrupted.
     */
    async status(id: number, actor: Actor): Promise<BulkJobRecord> {
      const job = await jobs.find(id);
      if (!job || job.actorId !== actor.userId) throw AppError.notFound();
      const stale = job.heartbeatAt.getTime() < now().getTime() - BULK_JOB_STALE_MS;
      if (job.state !== 'running' || !stale) return job;
      await interruptStale();
      return (await jobs.find(id)) ?? job;
    },

    /** At start: jobs left running by an instance that died are interrupted. */
    interruptStale,

    /**
     * At shutdown: each running job ends after its current user and is marked interrupted. A user
     * whose action hangs longer than STOP_WAIT_MS is left to the next start's sweep.
     */
    async stop() {
      stopping = true;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
    },
  };
}

export type BulkActions = ReturnType<typeof createBulkActions>;
