import { asc } from 'drizzle-orm';
import { roles } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { RoleRow } from '../users/queries';

export async function listRoles(db: Executor): Promise<RoleRow[]> {
  return db
    .select({ id: roles.id, name: roles.name, shortName: roles.shortName })
    .from(roles)
    .orderBy(asc(roles.id));
}
