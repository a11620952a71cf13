/**
 * Dates in a merchant's zone as date-fns `TZDate`s, for date arithmetic: kept apart from dates.ts's
 * formatters so that a page which only writes dates does not load TZDate (docs/decisions/0158).
 */
import { TZDate } from '@date-fns/tz';
import { type DateInput, toDate } from './dates.ts';

/** The instant as a date in `tz` (or as-is when no zone is given). */
export function inZone(value: DateInput, tz?: string | null): Date {
  const d = toDate(value);
  return tz ? new TZDate(d.getTime(), tz) : d;
}

/** Local wall-clock time in `tz` → the instant. Month is 1–12. */
export function zonedDateTime(
  tz: string,
  year: number,
  month1to12: number,
  day: number,
  hours = 0,
  minutes = 0,
): Date {
  return new Date(new TZDate(year, month1to12 - 1, day, hours, minutes, 0, 0, tz).getTime());
}
