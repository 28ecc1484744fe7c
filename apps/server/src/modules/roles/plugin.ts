import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createRoleRepository } from './repository';
import { roleRoutes } from './routes';
import { createRoleService, type RoleService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The roles a user can hold (modules/roles). */
    roles: RoleService;
  }
}

/** The roles module: reads the seeded roles. */
export const rolesModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('roles', createRoleService({ roles: createRoleRepository(app.database.db) }));
    await app.register(roleRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'roles',
    dependencies: ['tokens'],
    decorators: { fastify: ['authenticate', 'database'] },
  },
);
