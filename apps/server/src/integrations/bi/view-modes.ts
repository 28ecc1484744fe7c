/**
 * docs/product.md §1 "Report view modes: dashboard, expressview, advanced, crosstab, chained": one per
 * kind of BI item (its objectType), each opened view-only under its own path of the BI server. The
 * paths are our reading of the BI server's (Dundas BI names `/Dashboard/{id}` and `/Report/{id}`;
 * docs/decisions/0021-spec-conformance.md).
 */
export const BI_VIEW_MODES = {
  Dashboard: { mode: 'dashboard', path: 'Dashboard' },
  ExpressView: { mode: 'expressview', path: 'ExpressView' },
  Report: { mode: 'advanced', path: 'Report' },
  Crosstab: { mode: 'crosstab', path: 'Crosstab' },
  ChainedView: { mode: 'chained', path: 'ChainedView' },
} as const;

export type BiItemType = keyof typeof BI_VIEW_MODES;
export const BI_ITEM_TYPES = Object.keys(BI_VIEW_MODES) as BiItemType[];

export const isBiItemType = (objectType: string): objectType is BiItemType => objectType in BI_VIEW_MODES;

/** Where the BI server shows an item of this kind (an unknown kind opens as a dashboard). */
export const viewPathOf = (objectType: string) =>
  (isBiItemType(objectType) ? BI_VIEW_MODES[objectType] : BI_VIEW_MODES.Dashboard).path;
