import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUserRepository, type UserRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The user directory: the user aggregate's repository, built once on the app's database
     * (`app.directory.in(tx)` inside a transaction). Every module that reads or writes users uses it.
     */
    directory: UserRepository;
  }
}

/**
 * The directory module, registered first: it needs nothing but the database, and the modules that
 * read users name it in their `dependencies`, so fastify-plugin checks the order
 * (docs/decisions/0034-user-directory.md).
 */
export const directoryModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('directory', createUserRepository(app.database.db));
  },
  { name: 'directory', decorators: { fastify: ['database'] } },
);
