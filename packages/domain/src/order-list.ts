/**
 * What the orders list shows: its columns per tab and each row's actions. Apart from availability.ts (what
 * the order screens may show or do), whose rules need the delivery and item rules, so the list's first
 * screen loads without those (docs/decisions/0158).
 */
import { MSG } from './messages.ts';
import { isOrderStatus, type OrderTab } from './order-status.ts';
import { canAccept, canReject } from './transitions.ts';

export interface ListColumns {
  /** The bulk-selection checkbox (active tab only; see canUseBulkTools). */
  bulkCheckbox: boolean;
  status: boolean;
  onTrack: boolean;
  comment: boolean;
  rowActions: boolean;
}

/** Which columns a tab of the order list shows: on hold shows COMMENT instead of STATUS. */
export function listColumns(tab: OrderTab): ListColumns {
  return {
    bulkCheckbox: canUseBulkTools(tab),
    status: tab !== 'on_hold',
    onTrack: tab === 'active',
    comment: tab === 'on_hold',
    rowActions: tab !== 'cancelled',
  };
}

/** Bulk tools exist only on the active tab. */
export function canUseBulkTools(tab: OrderTab): boolean {
  return tab === 'active';
}

export type RowAction = 'review' | 'reject' | 'accept' | 'view';

export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  review: 'Review',
  reject: 'Reject',
  accept: 'Accept',
  view: 'View',
};

/**
 * Per-row list actions: review, reject and accept on an order waiting for the merchant's
 * decision, view on the others, none on the cancelled tab.
 */
export function rowActions(status: string, tab: OrderTab): RowAction[] {
  if (!listColumns(tab).rowActions) return [];
  if (!isOrderStatus(status)) return ['view'];
  const decide: RowAction[] = [];
  if (canReject(status)) decide.push('reject');
  if (canAccept(status)) decide.push('accept');
  return decide.length > 0 ? ['review', ...decide] : ['view'];
}

/** COMMENT column: the most recent status comment or 'None'. */
export function statusCommentText(comment: string | null | undefined): string {
  return comment?.trim() ? comment.trim() : MSG.NO_COMMENT;
}
