import type { WalkedItem } from '../../../integrations/bi/walk';
import { isManaged } from '../project-trees';

type Grants = ReadonlySet<string> | null;

/**
 * Whether a user sees an item of their project: TS-managed items always; the others when no admin
 * has chosen their report access yet (grants null) or an admin granted it.
 */
export const seesItem = (item: Pick<WalkedItem, 'id' | 'tags'>, grants: Grants) =>
  grants === null || isManaged(item.tags) || grants.has(item.id);

/**
 * The items of a project a user sees, in the tree's order: the one place that decides it (the
 * caller's items, their log-on tokens, the admin's report access page, Users NSBI Dashboards).
 */
export const visibleItems = <T extends Pick<WalkedItem, 'id' | 'tags'>>(
  items: readonly T[],
  grants: Grants,
) => (grants === null ? [...items] : items.filter((item) => seesItem(item, grants)));

/** An item opens in the portal only view-only, and never one Tattle Systems manages (read-only here). */
export const canOpenItem = (item: Pick<WalkedItem, 'tags' | 'initialViewOptions'>) =>
  !isManaged(item.tags) && item.initialViewOptions === 'viewonly';

/** The ids of their project a user may open in the BI server: seen (granted, or all) and openable. */
export const openableIds = (items: readonly WalkedItem[], grants: Grants) =>
  visibleItems(items, grants)
    .filter(canOpenItem)
    .map((item) => item.id);
