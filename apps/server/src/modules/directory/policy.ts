import { ROLE_IDS } from '@portal/contract';
import type { UserRecord } from './repository';

/**
 * Who is acting on a request (tokens/guard.ts `actorOf` builds it): always with its admin verdict,
 * never inferred from a missing flag. Services decide with the rules below and their module's
 * policy.ts, and audit with the rest.
 */
export type Actor = {
  userId: number;
  isAdmin: boolean;
  sessionId: string;
  ip: string;
  /**
   * The caller's record as the guard resolved it with the session: no service reads it again. It is
   * as fresh as the session is (a change to the user makes this instance forget their sessions;
   * another instance trusts it for at most tokens' SESSION_CACHE_TTL_MS).
   */
  user: UserRecord;
};

/** A role check compares role ids, never names (docs/product.md §6). */
export const hasAnyRole = (user: Pick<UserRecord, 'roles'>, roleIds: readonly number[]) =>
  user.roles.some((r) => roleIds.includes(r.id));

export const isAdmin = (user: Pick<UserRecord, 'roles'>) => hasAnyRole(user, [ROLE_IDS.admin]);

/**
 * Admins edit anyone; everyone else only themselves (the Profile screen). A user's own things
 * follow the same rule (their logo: files/policy.ts).
 */
export const canEditUser = (actor: Actor, targetId: number) => actor.isAdmin || actor.userId === targetId;
