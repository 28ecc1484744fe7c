import type { UsageTable } from '@portal/contract';

/** An export of the usage screen: its route and the download's name. */
export type UsageExport = { path: string; name: string };

/** GET usage/export: one table of the usage screen over the chosen range, as CSV. */
export const usageExport = (days: number, table: UsageTable): UsageExport => ({
  path: `usage/export?format=csv&days=${days}&table=${table}`,
  name: `usage-${table}-${days}d`,
});
