/**
 * Date formatting in the merchant's order timezone.
 * `tz` is an IANA name; when omitted the runtime's local zone is used. Date arithmetic in a zone (TZDate) is
 * in zoned-dates.ts: the orders list's first screen formats dates without loading it (docs/decisions/0158).
 */
// The subpath, not the package: its index brings TZDate, whose modules run code on load (no tree-shaking).
import { tzOffset } from '@date-fns/tz/tzOffset';

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Used when a merchant has no timezone on file. */
export const DEFAULT_TIMEZONE = 'America/New_York';

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The wall-clock fields of an instant in a zone. `hour` is 0–23; `year` is the era year, as date-fns writes it. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * One Intl formatter per zone ('' = the runtime's local zone), kept: building one costs far more than using
 * it. Gregorian calendar and Latin digits whatever the runtime's defaults, and a 0–23 hour, so that every
 * field comes back as a plain number.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(tz: string): Intl.DateTimeFormat {
  let f = wallClockFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone: tz || undefined,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallClockFormats.set(tz, f);
  }
  return f;
}

/**
 * The instant's fields in `tz` (or the runtime's local zone), or null for an invalid date. Read field by
 * field from formatToParts: Intl's joined text is not date-fns's (it puts a narrow no-break space before
 * AM/PM), so the text is always assembled here.
 */
function wallClock(value: DateInput, tz?: string | null): WallClock | null {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return null;
  const c: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of wallClockFormat(tz ?? '').formatToParts(d)) {
    if (part.type in c) c[part.type as keyof WallClock] = Number(part.value);
  }
  return c;
}

const padYear = (y: number): string => String(y).padStart(4, '0');
/** A 0–23 hour on a 12-hour clock: 0 and 12 are 12. */
const hour12 = (h24: number): number => (h24 % 12 === 0 ? 12 : h24 % 12);
const meridiem = (h24: number): 'AM' | 'PM' => (h24 < 12 ? 'AM' : 'PM');
/** 'h:mm a' (date-fns): '3:04 PM', '12:00 AM'. */
const time12 = (c: WallClock): string => `${hour12(c.hour)}:${pad2(c.minute)} ${meridiem(c.hour)}`;
/** 'MM/dd/yyyy' (date-fns). */
const slashDate = (c: WallClock): string => `${pad2(c.month)}/${pad2(c.day)}/${padYear(c.year)}`;

/** Order list CREATED column: '06/12/2025 3:04 PM'. */
export function formatOrderDate(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c ? `${slashDate(c)} ${time12(c)}` : '';
}

/** A zone's UTC offset is looked up once per six hours of UTC time (its ends compared: see orderDateFormatter). */
const OFFSET_BUCKET_MS = 6 * 60 * 60_000;

/** The offset orderDateFormatter uses for a whole six hours of UTC time, or NaN when it changes within them. */
function bucketOffset(tz: string, bucket: number): number {
  const start = tzOffset(tz, new Date(bucket * OFFSET_BUCKET_MS));
  const end = tzOffset(tz, new Date((bucket + 1) * OFFSET_BUCKET_MS - 1));
  return start === end ? start : Number.NaN;
}

/**
 * formatOrderDate for many instants in one zone (the bulk details CSV): the same text, byte for byte, at a
 * fraction of the cost. The zone's offset is the one TZDate uses (tzOffset), looked up at both ends of each
 * six hours of UTC time and kept when they agree (no zone changes its offset twice within six hours); six
 * hours in which it changes are resolved per instant. Without a zone, or for a year outside 1000–9999, it is
 * formatOrderDate itself.
 */
export function orderDateFormatter(tz?: string | null): (value: DateInput) => string {
  if (!tz) return (value) => formatOrderDate(value, tz);
  let offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = bucketOffset(tz, bucket);
      if (offsets.size >= 100_000) offsets = new Map();
      offsets.set(bucket, offset);
    }
    return Number.isNaN(offset) ? tzOffset(tz, new Date(ms)) : offset;
  };
  return (value) => {
    const ms = toDate(value).getTime();
    if (Number.isNaN(ms)) return '';
    const offset = offsetAt(ms);
    const local = new Date(ms + offset * 60_000);
    const year = local.getUTCFullYear();
    if (Number.isNaN(offset) || year < 1000 || year > 9999) return formatOrderDate(value, tz);
    const h24 = local.getUTCHours();
    return `${pad2(local.getUTCMonth() + 1)}/${pad2(local.getUTCDate())}/${year} ${hour12(h24)}:${pad2(local.getUTCMinutes())} ${meridiem(h24)}`;
  };
}

/** From `start_ms` (inclusive) until the next segment's start, the offset is `offset_ms`. */
export interface OffsetSegment {
  start_ms: number;
  offset_ms: number;
}

/**
 * The offsets orderDateFormatter applies to the instants of [fromMs, toMs), as segments in time order: the
 * first starts at or before `fromMs`, and an instant t of the range is written as the UTC wall clock of
 * `t + offset_ms` of the last segment starting at or before t. Six hours whose ends agree are one offset (as
 * the formatter keeps them); six hours in which the offset changes are split where tzOffset changes, found
 * to the millisecond by bisection (one change per six hours, as the formatter assumes). This is what lets
 * PostgreSQL write the formatter's text (details-copy.ts) with ICU's zone data rather than its own.
 * Null when the table cannot give the formatter's text by that rule: no zone, an unknown one, a range
 * outside 1970–2199 (whole milliseconds, four-digit years), or an offset that is not whole milliseconds.
 */
export function orderDateOffsets(tz: string, fromMs: number, toMs: number): OffsetSegment[] | null {
  const lo = Date.UTC(1970, 0, 1);
  const hi = Date.UTC(2200, 0, 1);
  if (!tz || !(fromMs >= lo && toMs <= hi && fromMs < toMs)) return null;
  const segments: OffsetSegment[] = [];
  const push = (start_ms: number, minutes: number): boolean => {
    const offset_ms = minutes * 60_000;
    if (!Number.isInteger(offset_ms)) return false;
    const last = segments[segments.length - 1];
    if (!last || last.offset_ms !== offset_ms) segments.push({ start_ms, offset_ms });
    return true;
  };
  const at = (ms: number) => tzOffset(tz, new Date(ms));
  // The changes of tzOffset within [a, b], where at(a) = fa and at(b) = fb.
  const split = (a: number, fa: number, b: number, fb: number): boolean => {
    if (fa === fb) return true;
    if (b - a <= 1) return push(b, fb);
    const m = Math.floor((a + b) / 2);
    const fm = at(m);
    return split(a, fa, m, fm) && split(m, fm, b, fb);
  };
  const last = Math.floor((toMs - 1) / OFFSET_BUCKET_MS);
  for (let bucket = Math.floor(fromMs / OFFSET_BUCKET_MS); bucket <= last; bucket++) {
    const start = bucket * OFFSET_BUCKET_MS;
    const offset = bucketOffset(tz, bucket);
    if (!Number.isNaN(offset)) {
      if (!push(start, offset)) return null;
      continue;
    }
    const end = start + OFFSET_BUCKET_MS - 1;
    const fa = at(start);
    if (Number.isNaN(fa) || !push(start, fa) || !split(start, fa, end, at(end))) return null;
  }
  return segments.every((s) => Number.isFinite(s.offset_ms)) ? segments : null;
}

/** Date only: '06/12/2025'. */
export function formatShortDate(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c ? slashDate(c) : '';
}

/** Time only: '3:04 PM'. */
export function formatTime(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c ? time12(c) : '';
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Jun 12' ('MMM dd'). */
export function formatMonthDay(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c ? `${MONTHS_SHORT[c.month - 1]} ${pad2(c.day)}` : '';
}

/** '2 PM' on the hour, '2:30 PM' otherwise ('h a' / 'h:mm a'). */
export function formatShortHour(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  if (!c) return '';
  return c.minute === 0 ? `${hour12(c.hour)} ${meridiem(c.hour)}` : time12(c);
}

/** Inventory 'Last Update': '06/12/2025 03:04 pm'. */
export function formatInventoryTimestamp(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c
    ? `${slashDate(c)} ${pad2(hour12(c.hour))}:${pad2(c.minute)} ${meridiem(c.hour).toLowerCase()}`
    : '';
}

/** 'Last Update: 06/12/2025 03:04 pm (Local time)' */
export function inventoryLastUpdateText(value: DateInput, tz?: string | null): string {
  return `Last Update: ${formatInventoryTimestamp(value, tz)} (Local time)`;
}

/** 'YYYY-MM-DD' of the instant in `tz`. */
export function isoDateInZone(value: DateInput, tz?: string | null): string {
  const c = wallClock(value, tz);
  return c ? `${padYear(c.year)}-${pad2(c.month)}-${pad2(c.day)}` : '';
}

/** True for an IANA zone name the runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written from the UTC fields: the same string (years 1000–9999; any other date,
 * or an invalid one, goes to toISOString itself), about a third of its cost. The orders list writes
 * one or more per row.
 */
export function isoString(date: Date): string {
  const y = date.getUTCFullYear();
  if (!(y >= 1000 && y <= 9999)) return date.toISOString();
  return `${y}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T${pad2(date.getUTCHours())}:${pad2(
    date.getUTCMinutes(),
  )}:${pad2(date.getUTCSeconds())}.${pad3(date.getUTCMilliseconds())}Z`;
}
