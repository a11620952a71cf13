/**
 * Shipping labels, printing and directions by SMS: the rules the spec leaves to us.
 * Messages the spec gives live in label-errors.ts / messages.ts.
 */
import { NO_CARRIER_MESSAGE } from './label-errors.ts';

// ---------------------------------------------------------------------------
// Carrier availability
// ---------------------------------------------------------------------------

export const LABEL_CARRIERS = ['FedEx', 'UPS', 'GSO'] as const;
export type LabelCarrier = (typeof LABEL_CARRIERS)[number];

/** A carrier name as stored or typed ('ups', 'Fedex', 'gso') → the label carrier, or null. */
export function normalizeLabelCarrier(name: string | null | undefined): LabelCarrier | null {
  const v = (name ?? '').trim().toLowerCase();
  return LABEL_CARRIERS.find((c) => c.toLowerCase() === v) ?? null;
}

export interface LabelAvailability {
  canCreate: boolean;
  carrier: LabelCarrier | null;
  /** GSO: a regional carrier; labels are bought the same way, its tracking shows without a logo. */
  isGso: boolean;
  /** Why a label cannot be created (the spec's no-carrier message), else null. */
  message: string | null;
}

/**
 * hasCarrier decides whether labels can be created; the carrier's name says whether it is GSO.
 * With no carrier account: the spec's message (contact the sales associate).
 */
export function labelAvailability(
  account: { carrier?: string | null } | null | undefined,
): LabelAvailability {
  const carrier = normalizeLabelCarrier(account?.carrier);
  if (!carrier) return { canCreate: false, carrier: null, isGso: false, message: NO_CARRIER_MESSAGE };
  return { canCreate: true, carrier, isGso: carrier === 'GSO', message: null };
}

// ---------------------------------------------------------------------------
// Boxes
// ---------------------------------------------------------------------------

/** The most boxes one purchase may hold: one box, or up to one per unit when 2 or more units. */
export function maxLabelBoxes(totalQuantity: number): number {
  return totalQuantity >= 2 ? Math.floor(totalQuantity) : 1;
}

export function boxCountMessage(totalQuantity: number): string {
  const max = maxLabelBoxes(totalQuantity);
  return max === 1
    ? 'Additional boxes can be added only when the order has 2 or more items.'
    : `An order with ${max} items can ship in at most ${max} boxes.`;
}

// ---------------------------------------------------------------------------
// Idempotent purchase (our API contract)
// ---------------------------------------------------------------------------

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  'An Idempotency-Key header is required to buy a shipping label.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with a different request. Use a new key for a new purchase.';
export const LABEL_PURCHASE_IN_PROGRESS_MESSAGE =
  'A shipping label is already being bought for this order. Please wait a moment and reload the order.';
/** The receipt is not printed while the order is SUBMITTED. */
export const RECEIPT_NOT_READY_MESSAGE = 'The receipt can be printed once the order is no longer SUBMITTED.';
