import { randomBytes } from 'node:crypto';
import { BI_MESSAGES, CONNECT_REPORTS_MESSAGES, MESSAGES } from '@portal/contract';
import type { Db } from '../../db/client';
import type { BiClient } from '../../integrations/bi/client';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { SystemSettingsService } from '../system-settings';
import type { Actor, UserRecord, UserRepository } from '../directory';
import { bypassesMaintenance, canUseBiAccountOf, usesNsbi } from './policy';
import type { ProjectTrees } from './project-trees';
import type { BiAccountRepository, BiAccountRow } from './repository';

export type BiServiceDeps = {
  db: Db;
  users: UserRepository;
  accounts: BiAccountRepository;
  client: BiClient;
  trees: ProjectTrees;
  settings: Pick<SystemSettingsService, 'maintenanceModeOn'>;
  now: () => Date;
};

/** The BI account name of a portal user: stable, whatever their email or name becomes. */
export const biAccountName = (userId: number) => `portal-user-${userId}`;

/** A BI account with the project its user has (the portal's user row is the truth). */
export type BiAccountOfUser = { account: BiAccountRow; projectId: string | null };

/**
 * The BI account service (docs/product.md §7, docs/api.md "BI account service"): a BI account per NSBI
 * user, the project it may view, and log-on tokens for it. The portal's user row says which project a
 * user has; the BI account is brought in line with it. Which items of the project the account may
 * open is report access's to say (bi/report-access): it hands them here as ids.
 */
export function createBiService(deps: BiServiceDeps) {
  const { db, users, accounts, client, trees, now } = deps;

  /** 503 with the maintenance message while maintenance mode is on, for everyone but admins. */
  async function assertAvailable(actor: Pick<Actor, 'isAdmin'>) {
    if (!bypassesMaintenance(actor) && (await deps.settings.maintenanceModeOn()))
      throw AppError.unavailable(MESSAGES.maintenance, 300);
  }

  async function userOrNotFound(userId: number) {
    const user = await users.find(userId);
    if (!user) throw AppError.notFound();
    return user;
  }

  /** Creates the BI account of a user (or adopts one the BI server already has under its name). */
  async function createAccount(user: UserRecord, actorId: number): Promise<BiAccountRow> {
    const name = biAccountName(user.id);
    const existing = await client.accountByName(name);
    const account =
      existing ??
      (await client.createAccount({
        name,
        // Never used: views open through log-on tokens the service account asks for.
        password: randomBytes(24).toString('base64url'),
        displayName: user.name,
        emailAddress: user.email,
      }));
    const row = { userId: user.id, accountId: account.id, accountName: name, syncedProjectId: null };
    try {
      await db.transaction(async (tx) => {
        await accounts.in(tx).insert(row);
        await recordAudit(tx, {
          actorId,
          action: 'bi.account.created',
          targetType: 'user',
          targetId: user.id,
          details: { accountId: account.id, accountName: name, adopted: existing !== null },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, BI_MESSAGES.accountExists);
      throw error;
    }
    return { ...row, createdAt: now() };
  }

  /**
   * The BI account may view exactly the user's project (and its own): told only when it changed.
   * False when the BI server no longer has the account (deleted behind our back): the row goes.
   */
  async function syncProject(row: BiAccountRow, projectId: string | null): Promise<boolean> {
    if (row.syncedProjectId === projectId) return true;
    // No items yet: the account opens nothing of the new project until a token request names them.
    if (!(await client.setAccountProjects(row.accountId, projectId ? [projectId] : []))) {
      await accounts.delete(row.userId);
      return false;
    }
    await accounts.setSyncedProject(row.userId, projectId);
    return true;
  }

  /** The user's BI account, made if missing (two requests at once make one), in line with their project. */
  async function ensureAccount(user: UserRecord, actorId = user.id): Promise<BiAccountRow> {
    for (let attempt = 1; ; attempt++) {
      let row = await accounts.find(user.id);
      if (!row) {
        try {
          row = await createAccount(user, actorId);
        } catch (error) {
          if (error instanceof AppError && error.status === 409 && attempt === 1) continue;
          throw error;
        }
      }
      if (await syncProject(row, user.dundasProjectId)) return row;
      if (attempt === 2) throw new AppError(409, BI_MESSAGES.noAccount);
    }
  }

  /**
   * Tells the BI server exactly what the account may open now: the user's project and, in it, the
   * `openable` items. Every token request does it (one PUT), so a token never opens more than the
   * grants of that moment, whatever URL it is put in (docs/decisions/0020-security-hardening.md).
   * False when the BI server no longer has the account.
   */
  async function syncAccount(row: BiAccountRow, user: UserRecord, openable: string[]) {
    const projects = user.dundasProjectId ? [user.dundasProjectId] : [];
    return client.setAccountProjects(row.accountId, projects, openable);
  }

  /** A log-on token after the account is in line with the grants; null when the BI server lost the account. */
  async function syncedToken(row: BiAccountRow, user: UserRecord, openable: string[]) {
    if (!(await syncAccount(row, user, openable))) return null;
    return client.logOnToken(row.accountName);
  }

  /**
   * Deletes a user's BI account (and, with `deleteFolders`, what its own project holds first).
   * `deleted: false` when the user has none. BI failures throw (502): nothing is forgotten locally.
   */
  async function removeAccount(
    userId: number,
    options: { deleteFolders: boolean },
    actor: Actor | null,
  ): Promise<{ deleted: boolean }> {
    const row = await accounts.find(userId);
    if (!row) return { deleted: false };
    if (options.deleteFolders) {
      const own = await client.userProject(row.accountId);
      for (const folderId of own?.rootFolderIds ?? []) {
        for (const entry of await client.queryChildren(folderId)) await client.deleteFile(entry.id);
      }
    }
    await client.deleteAccount(row.accountId);
    await accounts.delete(userId);
    await recordAudit(db, {
      actorId: actor?.userId ?? null,
      action: 'bi.account.deleted',
      targetType: 'user',
      targetId: userId,
      details: { accountId: row.accountId, deleteFolders: options.deleteFolders },
    });
    return { deleted: true };
  }

  return {
    /** 503 with the maintenance message while maintenance mode is on, for everyone but admins. */
    assertAvailable,

    /** POST dundas-bi/account: 409 when the user has one; 422 when NSBI is off for them. */
    async create(userId: number, actor: Actor): Promise<BiAccountOfUser> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      if (!usesNsbi(user)) throw AppError.validation({ user_id: [BI_MESSAGES.nsbiOff] });
      if (await accounts.find(userId)) throw new AppError(409, BI_MESSAGES.accountExists);
      const row = await createAccount(user, actor.userId);
      await syncProject(row, user.dundasProjectId);
      return { account: row, projectId: user.dundasProjectId };
    },

    /**
     * Saving Uses NSBI on (POST meta/user): the user's BI account, made if missing and kept in line
     * with their project; nothing for a user without NSBI.
     */
    async provideAccount(userId: number, actor: Actor): Promise<void> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      if (usesNsbi(user)) await ensureAccount(user, actor.userId);
    },

    /** GET dundas-bi/account/{userId}. */
    async ofUser(userId: number, actor: Actor): Promise<BiAccountOfUser> {
      await assertAvailable(actor);
      if (!canUseBiAccountOf(actor, userId)) throw AppError.forbidden();
      const user = await userOrNotFound(userId);
      const row = await accounts.find(userId);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      return { account: row, projectId: user.dundasProjectId };
    },

    /** GET dundas-bi/account?name= (admin route). */
    async byName(name: string): Promise<BiAccountOfUser> {
      const row = await accounts.findByName(name);
      if (!row) throw AppError.notFound(BI_MESSAGES.noAccount);
      const user = await users.find(row.userId);
      return { account: row, projectId: user?.dundasProjectId ?? null };
    },

    /** Deleting a user with "Also delete from NSBI": no actor of its own (the user deletion is audited). */
    removeAccount,

    /** DELETE dundas-bi/account/{id}: removeAccount, 404 when the user has no BI account. */
    async deleteAccount(userId: number, options: { deleteFolders: boolean }, actor: Actor) {
      const { deleted } = await removeAccount(userId, options, actor);
      if (!deleted) throw AppError.notFound(BI_MESSAGES.noAccount);
    },

    /** POST dundas-bi/account/project: the user's project (checked with the BI server), synced at once. */
    async assignProject(userId: number, projectId: string | null, actor: Actor) {
      const user = await userOrNotFound(userId);
      if (projectId && !(await client.project(projectId)))
        throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await users.setProject([userId], projectId, now());
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'bi.project.assigned',
        targetType: 'user',
        targetId: userId,
        details: { from: user.dundasProjectId, to: projectId },
      });
      const row = await accounts.find(userId);
      if (row) await syncProject(row, projectId);
      return { userId, projectId };
    },

    /**
     * POST dundas-bi/account/projects (Connect reports): one project for several users, in one
     * transaction; their BI accounts follow at their next view (logOnToken syncs them).
     */
    async assignProjectToMany(userIds: number[], projectId: string | null, actor: Actor) {
      const wanted = [...new Set(userIds)];
      const known = await users.existingIds(wanted);
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length)
        throw AppError.validation({ user_ids: [CONNECT_REPORTS_MESSAGES.unknownUsers(unknown)] });
      const project = projectId ? await client.project(projectId) : null;
      if (projectId && !project) throw AppError.validation({ project_id: [BI_MESSAGES.unknownProject] });
      await db.transaction(async (tx) => {
        await users.in(tx).setProject(wanted, projectId, now());
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'bi.project.assigned_to_many',
          targetType: 'project',
          targetId: projectId,
          details: { userIds: wanted },
        });
      });
      return { count: wanted.length, projectName: project?.name ?? null };
    },

    /** GET dundas-bi/project/all (admin route): every project of the BI server. */
    projects: () => client.projects(),

    /** A project's kept tree (walked again with `fresh`); null when the BI server has no such project. */
    projectTree: (projectId: string, options?: { fresh?: boolean }) => trees.get(projectId, options),

    /** A report's name, if a kept project tree has it (usage charts). */
    reportName: (id: string) => trees.itemName(id),

    /**
     * A log-on token for the user's own BI account (made now if missing), its project and the
     * `openable` items brought in line first. Which items those are is report access's decision.
     */
    async logOnToken(user: UserRecord, openable: string[]): Promise<string> {
      const row = await ensureAccount(user);
      const logOnToken = await syncedToken(row, user, openable);
      if (logOnToken !== null) return logOnToken;
      // Deleted on the BI server behind our back (decision 0013): forget it and make it again,
      // instead of an error on every view until an admin steps in.
      await accounts.delete(user.id);
      const again = await syncedToken(await ensureAccount(user), user, openable);
      if (again === null) throw new AppError(409, BI_MESSAGES.noAccount);
      return again;
    },

    /**
     * After an admin changed a user's grants: the BI account (if any) may open exactly `openable`
     * at once, so a token already handed out cannot open what was just taken away. Best effort: a
     * BI failure here is repaired by the user's next token request, which syncs again.
     */
    async followGrants(user: UserRecord, openable: string[]) {
      const row = await accounts.find(user.id);
      if (!row || row.syncedProjectId !== user.dundasProjectId) return;
      await syncAccount(row, user, openable).catch(() => undefined);
    },
  };
}

export type BiService = ReturnType<typeof createBiService>;
