/**
 * SLA levels for the list's On Track badge (`on_track_status`; docs/decisions/0021).
 * SLA0 while more than a quarter of the window is left, SLA1 in the last quarter (exactly a quarter
 * left counts as the last quarter), SLA2 once the due time is reached. None once shipped or closed.
 */
import { TZDate } from '@date-fns/tz';
import { NEW_STATUSES, type OrderStatus, type OrderTab, TAB_STATUSES } from './order-status.ts';
import type { OnTrackStatus, SlaType } from './sla-badge.ts';
import { parseIsoDate } from './validation.ts';
import { MONDAY_TO_FRIDAY, WEEKDAYS_SUNDAY_FIRST } from './weekdays.ts';

export const ON_DEMAND_SLA_MS = 2 * 60 * 60 * 1000;

/** Statuses that carry an SLA: awaiting the merchant's decision or awaiting shipment. */
export const SLA_STATUSES = [...NEW_STATUSES, 'MERCHANT_ACCEPTED'] as const satisfies readonly OrderStatus[];

const MON_TO_FRI = new Set<string>(MONDAY_TO_FRIDAY);

export interface BusinessHoursEntry {
  weekday: string;
  time_open?: string;
  time_close?: string;
}

export interface SlaDueInput {
  deliveryMethod: string;
  submittedAt: Date;
  /** Merchant's IANA timezone (business days are counted there). */
  timezone: string;
  /** Weekly hours; days listed are business days. Missing or empty: Monday to Friday. */
  hours?: readonly BusinessHoursEntry[] | null;
  /** For scheduled orders: the end of the delivery window. */
  deliveryWindowEnd?: Date | null;
  /** For presale orders: the latest item availability date ('YYYY-MM-DD'); counting starts there. */
  preorderAvailableDate?: string | null;
}

export interface SlaInput extends SlaDueInput {
  status: string;
  now: Date;
}

/** The order's own times (what a merchant calendar does not give). */
type SlaTimes = Omit<SlaDueInput, 'timezone' | 'hours'>;
/** One order of a merchant, for `onTrackStatusClock`. */
export type SlaOrderInput = Omit<SlaInput, 'timezone' | 'hours'>;

/** Lower-case weekday names that count as business days. */
export function businessDays(hours?: readonly BusinessHoursEntry[] | null): Set<string> {
  const days = new Set((hours ?? []).map((h) => h.weekday.trim().toLowerCase()));
  for (const d of days) if (!(WEEKDAYS_SUNDAY_FIRST as readonly string[]).includes(d)) days.delete(d);
  return days.size > 0 ? days : MON_TO_FRI;
}

/**
 * One merchant calendar (timezone and business days) with its memo of due times. Every timezone offset is
 * a multiple of 15 minutes, so a 15-minute bucket never straddles a local midnight: the end of the next
 * business day is the same for every instant in it. Memoised because the list computes it for every row
 * of every page (timezone maths is the costliest part of a list request).
 */
interface DueCalendar {
  timezone: string;
  days: Set<string>;
  /** 15-minute bucket → due time (ms). */
  due: Map<number, number>;
}

const calendars = new Map<string, DueCalendar>();
/** Due times held by all calendars; past this many, every memo is dropped. */
const MAX_DUE_ENTRIES = 10_000;
let dueEntries = 0;

function calendarFor(timezone: string, hours?: readonly BusinessHoursEntry[] | null): DueCalendar {
  const days = businessDays(hours);
  const key = `${timezone}|${[...days].sort().join(',')}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = { timezone, days, due: new Map() };
    calendars.set(key, calendar);
  }
  return calendar;
}

/** End of the next business day after `from` (ms), through the calendar's memo. */
function endOfNextBusinessDayIn(calendar: DueCalendar, from: number): number {
  const bucket = Math.floor(from / 900_000);
  const hit = calendar.due.get(bucket);
  if (hit !== undefined) return hit;
  const due = computeEndOfNextBusinessDay(new Date(from), calendar.timezone, calendar.days).getTime();
  if (dueEntries >= MAX_DUE_ENTRIES) {
    for (const c of calendars.values()) c.due.clear();
    calendars.clear();
    calendar.due.clear();
    dueEntries = 0;
  }
  calendar.due.set(bucket, due);
  dueEntries++;
  return due;
}

/**
 * End (midnight at its close) of the first business day strictly after the local calendar day `from`
 * falls on, in `timezone`.
 */
export function endOfNextBusinessDay(
  from: Date,
  timezone: string,
  hours?: readonly BusinessHoursEntry[] | null,
): Date {
  return new Date(endOfNextBusinessDayIn(calendarFor(timezone, hours), from.getTime()));
}

function computeEndOfNextBusinessDay(from: Date, timezone: string, days: Set<string>): Date {
  const local = new TZDate(from.getTime(), timezone);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  for (let i = 1; i <= 8; i++) {
    const day = new TZDate(y, m, d + i, timezone);
    if (days.has(WEEKDAYS_SUNDAY_FIRST[day.getDay()] ?? '')) {
      return new Date(new TZDate(y, m, d + i + 1, timezone).getTime());
    }
  }
  /* c8 ignore next */
  throw new Error('no business day within a week');
}

function usesTwoHourWindow(method: string, windowEnd?: Date | null): boolean {
  if (method === 'on_demand' || method === 'courier') return true;
  return method === 'scheduled' && !windowEnd;
}

/** Start of the SLA window (ms): submission, or for presale items the start of their availability day. */
function windowStartMs(input: SlaTimes, timezone: string): number {
  const { submittedAt, preorderAvailableDate } = input;
  const submitted = submittedAt.getTime();
  if (!usesTwoHourWindow(input.deliveryMethod, input.deliveryWindowEnd) && preorderAvailableDate) {
    const avail = parseIsoDate(preorderAvailableDate);
    if (avail) {
      const startOfAvail = new TZDate(
        avail.getUTCFullYear(),
        avail.getUTCMonth(),
        avail.getUTCDate(),
        timezone,
      ).getTime();
      if (startOfAvail > submitted) return startOfAvail;
    }
  }
  return submitted;
}

/** Start of the SLA window: submission, or for presale items the start of their availability day. */
export function slaWindowStart(input: SlaDueInput): Date {
  const start = windowStartMs(input, input.timezone);
  return start === input.submittedAt.getTime() ? input.submittedAt : new Date(start);
}

/** Due time (ms) given the window start; `calendar` is only read for the business-day methods. */
function dueMs(input: SlaTimes, start: number, calendar: () => DueCalendar): number {
  const { deliveryMethod, submittedAt, deliveryWindowEnd } = input;
  if (deliveryMethod === 'scheduled' && deliveryWindowEnd) return deliveryWindowEnd.getTime();
  if (usesTwoHourWindow(deliveryMethod, deliveryWindowEnd)) return submittedAt.getTime() + ON_DEMAND_SLA_MS;
  return endOfNextBusinessDayIn(calendar(), start);
}

/**
 * When the order is due:
 * - on_demand, courier, and scheduled without a window: 2 hours after submission;
 * - scheduled with a window: the window end;
 * - shipping, preorder, deposit (and anything else): end of the next business day in the merchant's
 *   timezone, counted from the submission day (or the presale availability day when later).
 */
export function slaDueAt(input: SlaDueInput): Date {
  const { deliveryMethod, deliveryWindowEnd } = input;
  if (deliveryMethod === 'scheduled' && deliveryWindowEnd) return deliveryWindowEnd;
  const start = windowStartMs(input, input.timezone);
  return new Date(dueMs(input, start, () => calendarFor(input.timezone, input.hours)));
}

/**
 * Short duration: '1d 4h', '1h 20m', '3h', '25m'. `round` chooses how partial minutes count
 * ('up' for time left, 'down' for time overdue).
 */
export function formatDurationShort(ms: number, round: 'up' | 'down' = 'down'): string {
  const totalMin = round === 'up' ? Math.ceil(ms / 60_000) : Math.floor(ms / 60_000);
  const days = Math.floor(totalMin / 1440);
  const hours = Math.floor((totalMin % 1440) / 60);
  const minutes = totalMin % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return `${minutes}m`;
}

export function slaMessage(remainingMs: number): string {
  if (remainingMs > 0) return `Due in ${formatDurationShort(remainingMs, 'up')}`;
  const over = -remainingMs;
  return over < 60_000 ? 'Overdue' : `Overdue by ${formatDurationShort(over, 'down')}`;
}

const SLA_STATUS_SET: ReadonlySet<string> = new Set(SLA_STATUSES);

export function hasSla(status: string): boolean {
  return SLA_STATUS_SET.has(status);
}

/** Whether orders of a tab can carry an SLA (the On Track badge); with no tab, any order can. */
export function tabHasSla(tab: OrderTab | null | undefined): boolean {
  return !tab || TAB_STATUSES[tab].some(hasSla);
}

function onTrack(input: SlaOrderInput, timezone: string, calendar: () => DueCalendar): OnTrackStatus | null {
  if (!hasSla(input.status)) return null;
  const start = windowStartMs(input, timezone);
  const due = dueMs(input, start, calendar);
  const remaining = due - input.now.getTime();
  const total = due - start;
  let type: SlaType;
  if (remaining <= 0) type = 'SLA2';
  else if (total > 0 && remaining > total / 4) type = 'SLA0';
  else type = 'SLA1';
  return { type, message: slaMessage(remaining) };
}

/** The order's `on_track_status`, or null when the order carries no SLA. */
export function computeOnTrackStatus(input: SlaInput): OnTrackStatus | null {
  return onTrack(input, input.timezone, () => calendarFor(input.timezone, input.hours));
}

/**
 * `computeOnTrackStatus` for many orders of one merchant (a list page): the calendar (timezone and
 * business days from `hours`) is worked out once, not per order. Same answers.
 */
export function onTrackStatusClock(
  timezone: string,
  hours: readonly BusinessHoursEntry[] | null,
): (input: SlaOrderInput) => OnTrackStatus | null {
  let calendar: DueCalendar | undefined;
  const calendarOnce = () => {
    calendar ??= calendarFor(timezone, hours);
    return calendar;
  };
  return (input) => onTrack(input, timezone, calendarOnce);
}
