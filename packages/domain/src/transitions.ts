/**
 * The order state machine. One table, both actors.
 */
import { NEW_STATUSES, type OrderStatus } from './order-status.ts';

export const ACTORS = ['merchant', 'marketplace'] as const;
export type Actor = (typeof ACTORS)[number];

const merchantFromNew = ['MERCHANT_ACCEPTED', 'MERCHANT_REJECTED', 'REJECTED_PARTIAL'] as const;
/** Orders the marketplace may still cancel or decline (not yet handed over to a carrier). */
const marketplaceOpen = [...NEW_STATUSES, 'MERCHANT_ACCEPTED'] as const;

type TransitionTable = Record<Actor, Partial<Record<OrderStatus, readonly OrderStatus[]>>>;

function build(): TransitionTable {
  const merchant: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {};
  for (const s of NEW_STATUSES) merchant[s] = merchantFromNew;
  merchant.MERCHANT_ACCEPTED = ['MERCHANT_SHIPPED'];
  merchant.MERCHANT_SHIPPED = ['CLOSED'];

  const marketplace: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {};
  for (const s of marketplaceOpen) marketplace[s] = ['CANCELLED', 'PAYMENT_DECLINED'];
  // Payment events reported by the marketplace before the merchant decides.
  marketplace.SUBMITTED = ['PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'CANCELLED', 'PAYMENT_DECLINED'];
  marketplace.PAYMENT_SUBMITTED = ['PAYMENT_APPROVED', 'CANCELLED', 'PAYMENT_DECLINED'];
  // The customer accepted the changed order, or cancelled it.
  marketplace.REJECTED_PARTIAL = ['SUBMITTED', 'CANCELLED'];
  marketplace.CLOSED = ['DISPUTED'];
  // A dispute is refunded, or resolved in the merchant's favour.
  marketplace.DISPUTED = ['REFUNDED', 'CLOSED'];
  return { merchant, marketplace };
}

/** `TRANSITIONS[actor][from]` lists the statuses `actor` may move an order to. */
export const TRANSITIONS: Readonly<TransitionTable> = build();

export function allowedTransitions(actor: Actor, from: OrderStatus): readonly OrderStatus[] {
  return TRANSITIONS[actor][from] ?? [];
}

export function canTransition(actor: Actor, from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions(actor, from).includes(to);
}

/**
 * The failed-delivery transitions (docs/decisions/0102): only the failed-delivery command takes them, so a
 * plain status change (PUT) can never move a shipped order back or cancel it without the terms' fee.
 */
export const FAILED_DELIVERY_TRANSITIONS: Readonly<Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  MERCHANT_SHIPPED: ['MERCHANT_ACCEPTED', 'CANCELLED'],
};

/** Which table a transition is checked against: the state machine, or the failed-delivery table. */
export type TransitionVia = 'status' | 'failed_delivery';

export function canTransitionVia(
  via: TransitionVia,
  actor: Actor,
  from: OrderStatus,
  to: OrderStatus,
): boolean {
  if (via === 'status') return canTransition(actor, from, to);
  return actor === 'merchant' && (FAILED_DELIVERY_TRANSITIONS[from] ?? []).includes(to);
}

/** 'Cannot change order status from MERCHANT_SHIPPED to MERCHANT_ACCEPTED' */
export function transitionError(from: string, to: string): string {
  return `Cannot change order status from ${from} to ${to}`;
}

// ---------------------------------------------------------------------------
// Rejection reasons
// ---------------------------------------------------------------------------

export const REJECTION_REASONS = [
  'customer_cancelled',
  'courier_issue',
  'bad_weather',
  'store_closed',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  customer_cancelled: 'Customer cancelled',
  courier_issue: 'Courier issue',
  bad_weather: 'Bad weather',
  store_closed: 'Store closed',
  other: 'Other',
};

export const REJECTION_REASON_OPTIONS: readonly { value: RejectionReason; label: string }[] =
  REJECTION_REASONS.map((value) => ({ value, label: REJECTION_REASON_LABELS[value] }));

export const DEFAULT_REJECTION_REASON: RejectionReason = 'customer_cancelled';

/** Item-level reasons; choosing one puts the order on hold (REJECTED_PARTIAL). */
export const ITEM_REASONS = ['outOfStock', 'wrongPrice'] as const;
export type ItemReason = (typeof ITEM_REASONS)[number];

export const ITEM_REASON_LABELS: Record<ItemReason, string> = {
  outOfStock: 'Out of stock',
  wrongPrice: 'Wrong Price',
};

/** The `statuslist` values sent per item in PUT /m/v2/orders/{id}. */
export const ITEM_REASON_STATUS: Record<ItemReason, 'OUT_OF_STOCK' | 'WRONG_PRICE'> = {
  outOfStock: 'OUT_OF_STOCK',
  wrongPrice: 'WRONG_PRICE',
};
export const ITEM_STATUSES = ['OUT_OF_STOCK', 'WRONG_PRICE'] as const;

/** The badge of an item problem: 'Out of stock', else 'Wrong Price'. */
export function itemStatusLabel(status: string): string {
  return status === ITEM_REASON_STATUS.outOfStock
    ? ITEM_REASON_LABELS.outOfStock
    : ITEM_REASON_LABELS.wrongPrice;
}

/** The merchant may accept an order in this status (the orders list's Accept, the review dialog's). */
export function canAccept(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'MERCHANT_ACCEPTED');
}

export function canReject(status: OrderStatus): boolean {
  return canTransition('merchant', status, 'MERCHANT_REJECTED');
}
