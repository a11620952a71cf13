/**
 * What the orders list's bulk tools show: the batch kinds and states, whether one is still running (the
 * recent batches are polled while one is), the note under Accept, and the recent batches panel's texts.
 * Apart from bulk.ts (limits, report types, CSV rules), so the list's first screen loads none of those
 * (docs/decisions/0158).
 */
import type { ReportType } from './constants.ts';
import { isOrderStatus, type OrderStatus, statusLabel } from './order-status.ts';
import { transitionError } from './transitions.ts';

export const BATCH_KINDS = ['accept', 'details', 'reports'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

/** Batch lifecycle: queued → running → done | failed. */
export const BATCH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Whether a batch is still being worked on (the console polls while one is). */
export function isBatchRunning(b: { state: BatchState }): boolean {
  return b.state === 'queued' || b.state === 'running';
}

/** Under the bulk Accept button when some selected orders cannot be accepted (Accept leaves them out). */
export function bulkAcceptSkippedText(skipped: number): string {
  return skipped === 1
    ? '1 selected order cannot be accepted (already accepted or closed); Accept leaves it out.'
    : `${skipped} selected orders cannot be accepted (already accepted or closed); Accept leaves them out.`;
}

const BATCH_KIND_TEXT: Record<BatchKind, string> = {
  accept: 'Accept',
  details: 'Order details (CSV)',
  reports: 'Reports',
};
const REPORT_TYPE_TEXT: Record<ReportType, string> = {
  receipt: 'receipts',
  packingslip: 'packing slips',
  picklist: 'pick list',
};

/**
 * A recent batch as the console lists it after a reload (docs/decisions/0088): what it was ('Reports
 * (receipts, packing slips) · 2 orders') and where it stands ('Running: 1 of 3', 'Done', 'Done: 1 failed',
 * 'Failed').
 */
export function recentBatchText(b: {
  kind: BatchKind;
  state: BatchState;
  report_types: readonly string[];
  total_count: number;
  completed_count: number;
  error_count: number;
}): { title: string; status: string } {
  const types = b.report_types
    .filter((t): t is ReportType => Object.hasOwn(REPORT_TYPE_TEXT, t))
    .map((t) => REPORT_TYPE_TEXT[t]);
  const what =
    b.kind === 'reports' && types.length ? `Reports (${types.join(', ')})` : BATCH_KIND_TEXT[b.kind];
  const title = `${what} · ${b.total_count} ${b.total_count === 1 ? 'order' : 'orders'}`;
  if (b.state === 'queued') return { title, status: 'Waiting to start' };
  if (b.state === 'running')
    return { title, status: `Running: ${b.completed_count + b.error_count} of ${b.total_count}` };
  if (b.state === 'failed') return { title, status: 'Failed' };
  return { title, status: b.error_count ? `Done: ${b.error_count} failed` : 'Done' };
}

/**
 * Why bulk accept left an order out, as a sentence a person reads, by the status the order already had.
 * The transition table's refusal ('Cannot change order status from MERCHANT_ACCEPTED to MERCHANT_ACCEPTED')
 * is for the API; the recent-batches panel shows these.
 */
const ACCEPT_REFUSALS: Partial<Record<OrderStatus, string>> = {
  MERCHANT_ACCEPTED: 'Already accepted.',
  MERCHANT_SHIPPED: 'Already accepted and shipped.',
  CLOSED: 'Already delivered.',
  MERCHANT_REJECTED: 'Already rejected, so it cannot be accepted.',
  REJECTED_PARTIAL: 'On hold for an item problem: open the order to resolve it first.',
  CANCELLED: 'Cancelled, so it cannot be accepted.',
  PAYMENT_DECLINED: 'The payment was declined, so it cannot be accepted.',
  DISPUTED: 'The payment is disputed, so it cannot be accepted.',
  REFUNDED: 'Refunded, so it cannot be accepted.',
};

/** The sentence for an order bulk accept could not accept because it already was in `status`. */
export function acceptRefusalText(status: OrderStatus): string {
  return ACCEPT_REFUSALS[status] ?? `It is ${statusLabel(status)}, so it cannot be accepted yet.`;
}

/** The refusal's text around the status it names. */
const [REFUSAL_HEAD = '', REFUSAL_TAIL = ''] = transitionError('\u0000', 'MERCHANT_ACCEPTED').split('\u0000');

/**
 * A bulk accept failure as the merchant reads it: a transition refusal becomes `acceptRefusalText` of the
 * status it names; any other message (already a sentence) is kept. Batches stored before the server wrote
 * sentences still hold the refusal, so the console maps what it shows too.
 */
export function bulkFailureText(message: string): string {
  if (!message.startsWith(REFUSAL_HEAD) || !message.endsWith(REFUSAL_TAIL)) return message;
  const from = message.slice(REFUSAL_HEAD.length, message.length - REFUSAL_TAIL.length);
  return isOrderStatus(from) ? acceptRefusalText(from) : message;
}
