import { dialogOnFirstOpen } from './dialog-on-first-open';

export type { ConfirmAction } from './confirm-dialog';

/**
 * The generic confirmation modal (docs/product.md §2 Modals): a question, Cancel, and one or more
 * actions (confirm-dialog.tsx), loaded when it first opens.
 */
export const ConfirmModal = dialogOnFirstOpen(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));
