import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import type { BiAccounts } from './bi-accounts';
import { createBulkActions, type BulkActions } from './bulk';
import { createBulkJobRepository } from './bulk-jobs-repository';
import { createReauth } from './reauth';
import { userRoutes } from './routes';
import { createUserService, type UserService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users administration, profiles and meta (modules/users), and bulk actions over them. */
    users: UserService & { bulk: BulkActions };
  }
}

export type UsersModuleOptions = {
  /** BI account deletion for "Also delete from NSBI" (default: the bi module; tests pass fakes). */
  biAccounts?: BiAccounts;
};

/**
 * The users module: the admin and profile API over the user directory (modules/directory holds the
 * user aggregate and its repository, which every module that reads or writes users builds).
 */
export const usersModule = fp(
  async (app: FastifyInstance, options: UsersModuleOptions) => {
    const db = app.database.db;
    const users = app.directory;
    const service = createUserService({
      db,
      database: app.database,
      users,
      tokens: app.tokens,
      biAccounts: options.biAccounts ?? {
        deleteAccount: (userId, opts) => app.bi.removeAccount(userId, opts, null),
        ensureAccount: (userId, actor) => app.bi.provideAccount(userId, actor),
      },
      now: app.now,
      confirmCurrentPassword: createReauth({ users, throttle: app.throttle, now: app.now }),
      mailer: app.mailer,
      throttle: app.throttle,
    });
    const bulk = createBulkActions({
      database: app.database,
      service,
      assignProject: (userId, projectId, actor) => app.bi.assignProject(userId, projectId, actor),
      jobs: createBulkJobRepository(db),
      now: app.now,
      log: app.log,
    });
    app.decorate('users', Object.assign(service, { bulk }));
    // Jobs an instance left running when it died are interrupted as this one starts (they are
    // also swept whenever a job is read or started, in case that instance comes back sooner).
    app.addHook('onReady', async () => {
      await bulk.interruptStale().catch((err: unknown) => app.log.warn({ err }, 'bulk jobs not swept'));
    });
    // A shutdown ends each running job after its current user, marked interrupted.
    app.addHook('onClose', async () => bulk.stop());
    await app.register(userRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'users',
    dependencies: ['directory', 'tokens', 'throttle', 'bi', 'audit', 'mailer'],
    decorators: {
      fastify: [
        'directory',
        'audit',
        'authenticate',
        'bi',
        'config',
        'database',
        'mailer',
        'now',
        'requireRoles',
        'throttle',
        'tokens',
      ],
    },
  },
);
