import { META_KEYS } from '@portal/contract';
import type { Actor, UserRecord } from '../directory';

/** NS BI is a user's when an admin turned on Uses NSBI for them. */
export const usesNsbi = (user: Pick<UserRecord, 'meta'>) =>
  user.meta.some((m) => m.key === META_KEYS.nsbiEnabled && m.value === '1');

/** A BI account is its user's and any admin's to create or look at. */
export const canUseBiAccountOf = (actor: Actor, userId: number) => actor.isAdmin || actor.userId === userId;

/** While maintenance mode is on, NS BI answers only admins (docs/product.md §4). */
export const bypassesMaintenance = (actor: Pick<Actor, 'isAdmin'>) => actor.isAdmin;
