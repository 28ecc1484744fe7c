import type { User } from '@portal/contract';
import { presentRole } from '../roles/presenter';
import type { UserRecord } from './queries';
import { isAdmin } from './rules';

/**
 * The only place a User (API.md "Objects") is shaped. Built field by field from a UserRecord, which
 * carries no password hash, so nothing secret can slip through. Logo and the BI/TS/LD links are
 * filled in by their issues; until then they are null.
 */
export function presentUser(user: UserRecord): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    logo: null,
    roles: user.roles.map(presentRole),
    role: { is_admin: isAdmin(user) },
    meta: user.meta.map((m) => ({ key: m.key, value: m.value })),
    dundas: null,
    ts: null,
    ld: null,
    blocked: user.blockedAt !== null,
  };
}
