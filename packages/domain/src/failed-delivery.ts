/**
 * Failed deliveries (docs/decisions/0102): the store's own driver could not hand the order
 * over. Without a valid ID or to someone under age the terms cancel the order with the restocking fee
 * (terms: 'the order is cancelled and the customer is charged a restocking fee of $20'); a refusal, nobody
 * home or a wrong address sends the order back to accepted for another attempt.
 */
import { RESTOCKING_FEE_USD } from './constants.ts';
import { isCourierOrder, isDeliverMethod } from './delivery.ts';
import { isOneOf } from './one-of.ts';
import type { OrderStatus } from './order-status.ts';
import { computeOnTrackStatus } from './sla.ts';
import type { OnTrackStatus } from './sla-badge.ts';

export const FAILED_DELIVERY_REASONS = [
  'no_valid_id',
  'underage',
  'refused',
  'no_one_home',
  'wrong_address',
] as const;
export type FailedDeliveryReason = (typeof FAILED_DELIVERY_REASONS)[number];

export function isFailedDeliveryReason(value: unknown): value is FailedDeliveryReason {
  return isOneOf(FAILED_DELIVERY_REASONS, value);
}

/** How each reason reads in the dialog (sentence case) and in the history title (lower case). */
export const FAILED_DELIVERY_REASON_LABELS: Record<FailedDeliveryReason, string> = {
  no_valid_id: 'No valid ID',
  underage: 'Recipient under 21',
  refused: 'Refused by the customer',
  no_one_home: 'No one home',
  wrong_address: 'Wrong address',
};

/** What a reason does: the terms' age rule cancels with the fee; the others allow another attempt. */
export type FailedDeliveryOutcome = 'cancel_with_fee' | 'retry';

const CANCELLING: ReadonlySet<FailedDeliveryReason> = new Set(['no_valid_id', 'underage']);

export function failedDeliveryOutcome(reason: FailedDeliveryReason): FailedDeliveryOutcome {
  return CANCELLING.has(reason) ? 'cancel_with_fee' : 'retry';
}

/** The status a failed delivery moves the order to. */
export function failedDeliveryTarget(reason: FailedDeliveryReason): OrderStatus {
  return failedDeliveryOutcome(reason) === 'cancel_with_fee' ? 'CANCELLED' : 'MERCHANT_ACCEPTED';
}

/** The terms' restocking fee in integer cents ($20). */
export const RESTOCKING_FEE_CENTS = RESTOCKING_FEE_USD * 100;

/**
 * The money of a cancel-with-fee: the customer keeps paying the fee (never more than was captured) and
 * gets the rest back. All integer cents.
 */
export function restockingSettlement(capturedCents: number): { feeCents: number; refundCents: number } {
  if (!Number.isInteger(capturedCents) || capturedCents < 0)
    throw new RangeError(`captured amount must be whole cents >= 0: ${capturedCents}`);
  const feeCents = Math.min(RESTOCKING_FEE_CENTS, capturedCents);
  return { feeCents, refundCents: capturedCents - feeCents };
}

/** After this many failed attempts the console suggests cancelling instead of trying again. */
export const FAILED_DELIVERY_SUGGEST_CANCEL_AFTER = 2;

export function suggestsCancel(failedAttempts: number): boolean {
  return failedAttempts >= FAILED_DELIVERY_SUGGEST_CANCEL_AFTER;
}

export interface StoreDriverOrderLike {
  status: string;
  delivery_method?: string | null;
  courier_estimate_id?: string | number | null;
  courier_info?: unknown;
  tracking_id?: string | null;
}

/**
 * 'Out for delivery with the store's driver': shipped (MERCHANT_SHIPPED) through 'Deliver Order' (on-demand
 * or scheduled), not handed to a courier (no estimate, no courier info) and not shipped with tracking.
 */
export function isOutWithStoreDriver(order: StoreDriverOrderLike): boolean {
  return (
    order.status === 'MERCHANT_SHIPPED' &&
    isDeliverMethod(order.delivery_method) &&
    !isCourierOrder({ method: order.delivery_method, courier_estimate_id: order.courier_estimate_id }) &&
    !order.courier_info &&
    !order.tracking_id
  );
}

/** The history action of a failed delivery. */
export const FAILED_DELIVERY_ACTION = 'delivery_failed';

/** 'Delivery failed: no one home (attempt 1)'. */
export function failedDeliveryTitle(reason: string, attempt: number): string {
  const label = isFailedDeliveryReason(reason)
    ? FAILED_DELIVERY_REASON_LABELS[reason].toLowerCase().replace(/\bid\b/, 'ID')
    : reason.replace(/_/g, ' ');
  return `Delivery failed: ${label} (attempt ${attempt})`;
}

/** The reason and attempt a delivery_failed history row stores in its data; null when absent. */
export function historyFailedDelivery(data: unknown): { reason: string; attempt: number } | null {
  const d = data as { reason?: unknown; attempt?: unknown } | null | undefined;
  if (!d || typeof d.reason !== 'string' || typeof d.attempt !== 'number') return null;
  return { reason: d.reason, attempt: d.attempt };
}

export interface RetrySlaInput {
  deliveryMethod: string;
  submittedAt: Date;
  timezone: string;
  deliveryWindowEnd?: Date | null;
  now: Date;
}

/**
 * Whether another attempt is still on time: the SLA of the order once it is back to accepted (on-demand
 * 2 h from placing, scheduled the window's end), as the SLA badge shows it, plus `onTime`.
 */
export function retrySla(input: RetrySlaInput): OnTrackStatus & { onTime: boolean; label: string } {
  const sla = computeOnTrackStatus({ ...input, status: 'MERCHANT_ACCEPTED' });
  /* c8 ignore next */
  if (!sla) throw new Error('accepted orders carry an SLA');
  const onTime = sla.type !== 'SLA2';
  return {
    ...sla,
    onTime,
    label: onTime
      ? `Retry on time: ${sla.message.toLowerCase()}`
      : `Retry late: ${sla.message.toLowerCase()}`,
  };
}

/** The console's texts for a failed delivery. */
export const FAILED_DELIVERY_MSG = {
  RETRY_SAVED: 'Delivery failed: the order is back to accepted for another attempt.',
  CANCEL_SAVED: `Order cancelled with the $${RESTOCKING_FEE_USD} restocking fee; the rest was refunded.`,
  SUGGEST_CANCEL:
    'Delivery has failed twice. Consider asking the customer or the marketplace to cancel the order instead of another attempt.',
  RETRY_HINT: 'The order goes back to accepted for another attempt.',
  CANCEL_HINT: `The order is cancelled: the customer pays the $${RESTOCKING_FEE_USD} restocking fee and gets the rest back.`,
} as const;
