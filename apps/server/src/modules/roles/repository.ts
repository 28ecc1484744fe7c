import { asc } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { roles } from '../../db/schema';
import type { Executor } from '../../db/types';

export type RoleRow = { id: number; name: string; shortName: string };

/** roles: the seeded roles (migration 0001); users hold them through user_roles. */
export const createRoleRepository = defineRepository((db: Executor) => ({
  async list(): Promise<RoleRow[]> {
    return db
      .select({ id: roles.id, name: roles.name, shortName: roles.shortName })
      .from(roles)
      .orderBy(asc(roles.id));
  },
}));

export type RoleRepository = ReturnType<typeof createRoleRepository>;
