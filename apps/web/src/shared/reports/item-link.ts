import { generatePath } from 'react-router';
import type { ReportItem } from '@portal/contract';
import { routes } from '../routes';

/** Where an item opens, and the navigation state docs/product.md §2 names (name, source 'dundas', type). */
export const itemLink = (item: ReportItem) => ({
  to: generatePath(routes.report_details, { id: item.id }),
  state: { name: item.name, source: 'dundas', type: item.type },
});

export type ReportDetailsState = { name?: string; source?: string; type?: string } | null;
