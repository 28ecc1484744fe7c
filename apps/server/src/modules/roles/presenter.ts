import type { Role } from '@portal/contract';
import type { RoleRow } from './repository';

export const presentRole = (role: RoleRow): Role => ({
  id: role.id,
  name: role.name,
  short_name: role.shortName,
});
