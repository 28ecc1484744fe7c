import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import type { BiAccounts } from './bi-accounts';
import { createBulkActions, type BulkActions } from './bulk';
import { createReauth } from './reauth';
import { createUserRepository } from './repository';
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
 * The users module: the user aggregate (its repository, exported for every module that reads or
 * writes users) and the admin and profile API over it.
 */
export const usersModule = fp(
  async (app: FastifyInstance, options: UsersModuleOptions) => {
    const db = app.database.db;
    const users = createUserRepository(db);
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
      log: app.log,
    });
    app.decorate('users', Object.assign(service, { bulk }));
    await app.register(userRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'users',
    dependencies: ['tokens', 'throttle', 'bi', 'audit', 'mailer'],
    decorators: {
      fastify: [
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
