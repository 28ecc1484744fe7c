import type { RoleRepository } from './repository';

export function createRoleService(deps: { roles: RoleRepository }) {
  return {
    list: () => deps.roles.list(),
    /** Roles an admin may give a user in the user form. Today every seeded role is assignable. */
    listAssignable: () => deps.roles.list(),
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
