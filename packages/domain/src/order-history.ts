/**
 * How the order's history timeline reads (issue #4 §5): the action, who did it and the status change.
 */
import { statusLabel } from './order-status.ts';

/** What each history action reads as; an unknown action reads as its name with spaces. */
const HISTORY_ACTION_TEXT: Readonly<Record<string, string>> = {
  placed: 'Order placed',
  accept: 'Accepted',
  reject: 'Rejected',
  reject_items: 'Put on hold (item problem)',
  ship: 'Shipped with tracking',
  out_for_delivery: 'Out for delivery',
  courier_requested: 'Courier pickup requested',
  delivered: 'Delivered',
  payment_declined: 'Payment declined',
  tracking_updated: 'Tracking updated',
  delivery_details_saved: 'Delivery details saved',
  instructions_updated: 'Delivery instructions updated',
  rejection_message_saved: 'Item problems saved',
  customer_cancelled: 'Cancelled by the customer',
  customer_accepted_changes: 'Customer accepted the changes',
  dispute: 'Disputed',
  refund: 'Refunded',
};

export interface HistoryEntryLike {
  action: string;
  actor_type: string;
  actor_name?: string | null;
  from_status?: string | null;
  to_status?: string | null;
}

export function historyActionText(action: string): string {
  return HISTORY_ACTION_TEXT[action] ?? action.replace(/_/g, ' ');
}

/** The actor's name, else 'Marketplace' or 'Store'. */
export function historyActorName(entry: HistoryEntryLike): string {
  return entry.actor_name ?? (entry.actor_type === 'marketplace' ? 'Marketplace' : 'Store');
}

/** 'accepted → shipped' for a change, the new status alone when it stayed or came from nowhere, else ''. */
export function historyStatusChange(entry: HistoryEntryLike): string {
  const { from_status: from, to_status: to } = entry;
  if (from && to && from !== to) return `${statusLabel(from)} → ${statusLabel(to)}`;
  return to ? statusLabel(to) : '';
}
