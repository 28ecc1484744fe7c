import type { Db } from '../../db/client';
import { listRoles } from './queries';

export function createRoleService(deps: { db: Db }) {
  return {
    list: () => listRoles(deps.db),
    /** Roles an admin may give a user in the user form. Today every seeded role is assignable. */
    listAssignable: () => listRoles(deps.db),
  };
}
