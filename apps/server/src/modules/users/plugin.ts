import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import type { BiAccounts } from './bi-accounts';
import { createReauth } from './reauth';
import { createUserRepository } from './repository';
import { userRoutes } from './routes';
import { createUserService, type UserService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users administration, profiles and meta (modules/users). */
    users: UserService;
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
    app.decorate(
      'users',
      createUserService({
        db,
        database: app.database,
        users,
        tokens: app.tokens,
        biAccounts: options.biAccounts ?? {
          deleteAccount: (userId, opts) => app.bi.removeAccount(userId, opts, null),
        },
        now: app.now,
        confirmCurrentPassword: createReauth({ users, throttle: app.throttle, now: app.now }),
        mailer: app.mailer,
      }),
    );
    await app.register(userRoutes, { prefix: API_PREFIX });
  },
  { name: 'users', dependencies: ['tokens', 'throttle', 'bi'] },
);
