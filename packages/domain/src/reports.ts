/**
 * Reports (docs/decisions/0084): which orders each headline number counts, the SLA rule of the on-time rate,
 * the period presets, the rejection-reason labels and the CSV of a chart's table.
 * docs/decisions/0084-reports-summary-counted-in-one-indexed-query.md gives the reasons.
 */
import { csvQuote, neutraliseCsvCell } from './bulk.ts';
import { deliveryMethodLabel } from './delivery-methods.ts';
import type { OrderStatus } from './order-status.ts';
import { ON_DEMAND_SLA_MS } from './sla.ts';
import { ITEM_REASON_LABELS, REJECTION_REASON_LABELS } from './transitions.ts';
import { parseIsoDate } from './validation.ts';
import { WEEKDAYS_SUNDAY_FIRST } from './weekdays.ts';

/**
 * The orders-per-day chart's part of a day's orders that is neither accepted, rejected nor cancelled:
 * orders still waiting for the store.
 */
export const REPORT_STILL_OPEN_LABEL = 'Still open';

/** The place an IANA zone is named after, in words: 'America/New_York' → 'New York'. */
export function timeZonePlace(tz: string): string {
  return (tz.split('/').at(-1) ?? tz).replace(/_/g, ' ');
}

/** The reports page's note on which calendar the days follow: the store's time zone, in plain words. */
export function reportDaysNote(tz: string): string {
  if (!tz.includes('/')) return `Days are counted in ${tz} time`;
  return `Days are counted in ${timeZonePlace(tz)} time (${tz})`;
}

/** Longest period a summary may cover, both days included. */
export const REPORT_MAX_DAYS = 366;
/** The period picker's presets (days, ending today in the store's time zone). */
export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
export type ReportPresetDays = (typeof REPORT_PRESET_DAYS)[number];

/** Accepted: the store accepted the order and it went on (shipped, closed, even if disputed later). */
export const REPORT_ACCEPTED_STATUSES = [
  'MERCHANT_ACCEPTED',
  'MERCHANT_SHIPPED',
  'CLOSED',
  'DISPUTED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];
/** Rejected: the store refused the whole order, or part of it (on hold until the customer answers). */
export const REPORT_REJECTED_STATUSES = [
  'MERCHANT_REJECTED',
  'REJECTED_PARTIAL',
] as const satisfies readonly OrderStatus[];
/** Cancelled: by the customer or the marketplace, or the payment was declined. */
export const REPORT_CANCELLED_STATUSES = [
  'CANCELLED',
  'PAYMENT_DECLINED',
] as const satisfies readonly OrderStatus[];
/** Revenue: order totals whose payment was captured and not refunded. */
export const REPORT_REVENUE_STATUSES = [
  'MERCHANT_ACCEPTED',
  'MERCHANT_SHIPPED',
  'CLOSED',
  'DISPUTED',
] as const satisfies readonly OrderStatus[];
/** The history step that counts as the store's acceptance (median minutes to accept). */
export const REPORT_ACCEPT_STEP: OrderStatus = 'MERCHANT_ACCEPTED';
/** The history step that ends the SLA window: handed to the driver or carrier (or closed). */
export const REPORT_FULFILLED_STATUSES = [
  'MERCHANT_SHIPPED',
  'CLOSED',
] as const satisfies readonly OrderStatus[];

/** Delivery methods due 2 hours after submission (scheduled: its window end when it has one). */
export const REPORT_TWO_HOUR_METHODS = ['on_demand', 'courier', 'scheduled'] as const;
/** Delivery methods due at the end of the next business day. */
export const REPORT_NEXT_BUSINESS_DAY_METHODS = ['shipping'] as const;
export const REPORT_SLA_WINDOW_MS = ON_DEMAND_SLA_MS;

/**
 * For each local weekday (0 = Sunday), how many days later the next business day is (1–7). The SQL
 * computes an order's shipping due time as midnight at the end of local day + this offset.
 */
export function nextBusinessDayOffsets(businessDays: ReadonlySet<string>): number[] {
  return WEEKDAYS_SUNDAY_FIRST.map((_, dow) => {
    for (let i = 1; i <= 7; i++) if (businessDays.has(WEEKDAYS_SUNDAY_FIRST[(dow + i) % 7]!)) return i;
    return 1;
  });
}

/** Rejection reasons of the breakdown: the whole-order reasons, the item reasons, and none recorded. */
export const REPORT_UNSPECIFIED_REASON = 'unspecified';
export function reportRejectionReasonLabel(reason: string): string {
  return (
    (REJECTION_REASON_LABELS as Record<string, string>)[reason] ??
    (ITEM_REASON_LABELS as Record<string, string>)[reason] ??
    'Not recorded'
  );
}

export function reportDeliveryMethodLabel(method: string): string {
  return method === 'preorder'
    ? 'Pre-sale (paid)'
    : method === 'deposit'
      ? 'Pre-sale (deposit)'
      : deliveryMethodLabel({ method });
}

/** Days from `from` to `to`, both included; null when either is not a real date. */
export function reportRangeDays(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return null;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1;
}

/** 'YYYY-MM-DD' `days - 1` days before `today` ('YYYY-MM-DD'), so the period holds `days` days. */
export function reportPresetRange(days: number, today: string): { from: string; to: string } {
  const t = parseIsoDate(today);
  if (!t) return { from: today, to: today };
  const from = new Date(t.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/** One CSV cell: neutralised against formulas, quoted when it holds a comma, quote or line break. */
function csvCell(value: string | number | null | undefined): string {
  return csvQuote(neutraliseCsvCell(value === null || value === undefined ? '' : String(value)));
}

/** A CSV document: a header row, then the rows, CRLF line ends (RFC 4180). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
