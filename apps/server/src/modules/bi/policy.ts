import { META_KEYS } from '@portal/contract';
import type { WalkedItem } from '../../integrations/bi/walk';
import type { Actor, UserRecord } from '../directory';
import { isManaged } from './project-trees';

/** NS BI is a user's when an admin turned on Uses NSBI for them. */
export const usesNsbi = (user: Pick<UserRecord, 'meta'>) =>
  user.meta.some((m) => m.key === META_KEYS.nsbiEnabled && m.value === '1');

/** A BI account is its user's and any admin's to create or look at. */
export const canUseBiAccountOf = (actor: Actor, userId: number) => actor.isAdmin || actor.userId === userId;

/** While maintenance mode is on, NS BI answers only admins (docs/product.md §4). */
export const bypassesMaintenance = (actor: Pick<Actor, 'isAdmin'>) => actor.isAdmin;

/**
 * Whether a user sees an item of their project: TS-managed items always; the others when no admin
 * has chosen their report access yet (grants null) or an admin granted it.
 */
export const seesItem = (item: Pick<WalkedItem, 'id' | 'tags'>, grants: ReadonlySet<string> | null) =>
  grants === null || isManaged(item.tags) || grants.has(item.id);

/** An item opens in the portal only view-only, and never one Tattle Systems manages (read-only here). */
export const canOpenItem = (item: Pick<WalkedItem, 'tags' | 'initialViewOptions'>) =>
  !isManaged(item.tags) && item.initialViewOptions === 'viewonly';
