/**
 * Bulk tools: limits, batch kinds, the print option → report types
 * mapping, progress arithmetic and the CSV-injection rule. Pure; used by the server and the console.
 */

import type { BatchState } from './bulk-toolbar.ts';
import { BULK_MAX_POLLS, BULK_POLL_INTERVAL_MS, type PrintOption, type ReportType } from './constants.ts';
import { isOrderStatus, type OrderStatus, statusLabel } from './order-status.ts';
import { transitionError } from './transitions.ts';

/** Largest selection one bulk request may carry. */
export const BULK_MAX_ORDERS = 1000;

export const BATCH_KINDS = ['accept', 'details', 'reports'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

/** One order of a batch: pending until processed, then done or failed (with a reason). */
export const BATCH_ITEM_STATES = ['pending', 'done', 'failed'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

export const BULK_MSG = {
  EMPTY_SELECTION: 'Select at least one order.',
  TOO_MANY: `Select at most ${BULK_MAX_ORDERS.toLocaleString('en-US')} orders at a time.`,
  UNKNOWN_REPORT_TYPE: 'Report type must be receipt, packingslip or picklist.',
  NO_REPORT_TYPE: 'Choose at least one report type.',
  ACCEPT_STATUS: "Bulk accept only sets the status 'MERCHANT_ACCEPTED'.",
  /** Per-order reasons shown beside the counts (going beyond the spec's counts). */
  ORDER_NOT_FOUND: 'Order not found',
  PAYMENT_DECLINED: 'PAYMENT DECLINED: the card was declined when the payment was captured.',
  DUPLICATE: 'Listed more than once',
} as const;

/** The print dropdown's option → the report types of the request ('all' = receipts and packing slips). */
export function reportTypesFor(option: PrintOption): ReportType[] {
  if (option === 'all') return ['receipt', 'packingslip'];
  return [option];
}

/**
 * The console stops polling after this long (20 polls × 1 s) and promises an email; a download batch
 * that finishes later than this is emailed to the person who started it.
 */
export const BULK_POLL_WINDOW_MS = BULK_MAX_POLLS * BULK_POLL_INTERVAL_MS;

/**
 * Seconds to show in 'Previous download in progress, please try after {n} second(s).': the polls the
 * console has left for the running batch (at least 1).
 */
export function retryAfterSeconds(pollsDone: number): number {
  const left = BULK_MAX_POLLS - pollsDone;
  return Math.max(1, Math.ceil((left * BULK_POLL_INTERVAL_MS) / 1000));
}

/**
 * A CSV cell that a spreadsheet would run as a formula (starts with = + - @, or a tab / carriage
 * return) is prefixed with a single quote (OWASP CSV injection).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_NEEDS_QUOTES = /[",\r\n]/;
const CSV_QUOTES = /"/g;

/** One CSV cell's text (RFC 4180, csv-stringify's default): quoted only when it holds '"', ',', CR or LF. */
export function csvQuote(value: string): string {
  return CSV_NEEDS_QUOTES.test(value) ? `"${value.replace(CSV_QUOTES, '""')}"` : value;
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
