/**
 * Bulk tools: limits, batch kinds, the print option → report types
 * mapping, progress arithmetic and the CSV-injection rule. Pure; used by the server and the console.
 */

import { BULK_MAX_POLLS, BULK_POLL_INTERVAL_MS, type PrintOption, type ReportType } from './constants.ts';

/** Largest selection one bulk request may carry. */
export const BULK_MAX_ORDERS = 1000;

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
