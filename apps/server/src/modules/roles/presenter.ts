import type { Role } from '@portal/contract';
import type { RoleRow } from '../users/queries';

export const presentRole = (role: RoleRow): Role => ({
  id: role.id,
  name: role.name,
  short_name: role.shortName,
});
