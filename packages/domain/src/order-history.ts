/**
 * How the order's history timeline reads: the action, who did it and the status change.
 */
import { FAILED_DELIVERY_ACTION, failedDeliveryTitle } from './failed-delivery.ts';
import { DISPLAY_GROUP_LABELS, displayGroup, isOrderStatus, statusLabel } from './order-status.ts';

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
  delivery_failed: 'Delivery failed',
};

export interface HistoryEntryLike {
  action: string;
  actor_type: string;
  actor_name?: string | null;
  from_status?: string | null;
  to_status?: string | null;
  /** reject_items: the item problems recorded with the entry (OUT_OF_STOCK, WRONG_PRICE). */
  item_problems?: readonly string[] | null | undefined;
  /** delivery_failed: the reason and attempt number recorded with the entry. */
  failed_delivery?: { reason: string; attempt: number } | null | undefined;
}

const ITEM_PROBLEM_TEXT: Readonly<Record<string, string>> = {
  OUT_OF_STOCK: 'out of stock',
  WRONG_PRICE: 'wrong price',
};

/**
 * The item problems a reject_items history row stores (`data.items`: order item id → statuslist), each once,
 * out of stock first; [] when none are stored.
 */
export function historyItemProblems(data: unknown): ('OUT_OF_STOCK' | 'WRONG_PRICE')[] {
  const items = (data as { items?: unknown } | null | undefined)?.items;
  if (!items || typeof items !== 'object') return [];
  const all = new Set(
    Object.values(items as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [])),
  );
  return (['OUT_OF_STOCK', 'WRONG_PRICE'] as const).filter((p) => all.has(p));
}

export function historyActionText(action: string): string {
  return HISTORY_ACTION_TEXT[action] ?? action.replace(/_/g, ' ');
}

/**
 * The entry's title as a merchant reads it: 'Accepted by Olivia Owner' where a named person did it,
 * 'Put on hold: wrong price' / 'Put on hold: out of stock and wrong price' from the item problems
 * recorded with a reject_items entry, 'Delivery failed: no one home (attempt 1)' from a delivery_failed
 * entry's reason and attempt, else the action's text ('Order placed', 'Delivered').
 */
export function historyTitle(entry: HistoryEntryLike): string {
  if (entry.action === FAILED_DELIVERY_ACTION && entry.failed_delivery) {
    return failedDeliveryTitle(entry.failed_delivery.reason, entry.failed_delivery.attempt);
  }
  if (entry.action === 'reject_items') {
    const problems = (entry.item_problems ?? []).map((p) => ITEM_PROBLEM_TEXT[p]).filter(Boolean);
    if (problems.length) return `Put on hold: ${problems.join(' and ')}`;
  }
  const text = historyActionText(entry.action);
  const name = entry.actor_name?.trim();
  if (entry.action === 'reject_items' || !name || entry.actor_type === 'marketplace') return text;
  return `${text} by ${name}`;
}

/** The actor's name, else 'Marketplace' or 'Store'. */
export function historyActorName(entry: HistoryEntryLike): string {
  return entry.actor_name ?? (entry.actor_type === 'marketplace' ? 'Marketplace' : 'Store');
}

/** 'accepted → shipped' for a change, the new status alone when it stayed or came from nowhere, else ''. */
export function historyStatusChange(entry: HistoryEntryLike): string {
  const { from_status: from, to_status: to } = entry;
  if (from && to && from !== to) return `${historyStatusName(from)} → ${historyStatusName(to)}`;
  return to ? historyStatusName(to) : '';
}

/**
 * A status as the timeline names it ('New → On Hold', not 'new → onHold': words a merchant reads): its display
 * group's label, except that the rejected/cancelled group names the status itself.
 */
function historyStatusName(status: string): string {
  if (!isOrderStatus(status)) return status;
  const group = displayGroup(status);
  if (group !== 'cancelled') return DISPLAY_GROUP_LABELS[group];
  const label = statusLabel(status);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
