import { ROLE_IDS } from '@portal/contract';
import type { UserRecord } from './queries';

/** A role check compares role ids, never names (SPEC §6). */
export const hasAnyRole = (user: Pick<UserRecord, 'roles'>, roleIds: readonly number[]) =>
  user.roles.some((r) => roleIds.includes(r.id));

export const isAdmin = (user: Pick<UserRecord, 'roles'>) => hasAnyRole(user, [ROLE_IDS.admin]);
