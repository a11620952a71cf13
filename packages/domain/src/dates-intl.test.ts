import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  type DateInput,
  formatInventoryTimestamp,
  formatMonthDay,
  formatOrderDate,
  formatShortDate,
  formatShortHour,
  formatTime,
  isoDateInZone,
} from './dates.ts';

// The formatters read the wall clock from Intl; date-fns `format` on a TZDate (what they used before, and
// what sla, alerts and items still compute with) is the oracle, byte for byte.
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Chicago',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/St_Johns',
  'UTC',
];

const oracle = (ms: number, pattern: string, tz?: string): string =>
  format(tz ? new TZDate(ms, tz) : new Date(ms), pattern);

/** Every formatter against the date-fns pattern it replaces; the mismatches, as readable lines. */
function mismatches(ms: number, tz?: string): string[] {
  const out: string[] = [];
  const check = (name: string, got: string, pattern: string) => {
    const want = oracle(ms, pattern, tz);
    if (got !== want) out.push(`${name} ${new Date(ms).toISOString()} ${tz ?? 'local'}: ${got} ≠ ${want}`);
  };
  check('formatOrderDate', formatOrderDate(ms, tz), 'MM/dd/yyyy h:mm a');
  check('formatShortDate', formatShortDate(ms, tz), 'MM/dd/yyyy');
  check('formatTime', formatTime(ms, tz), 'h:mm a');
  check('formatInventoryTimestamp', formatInventoryTimestamp(ms, tz), 'MM/dd/yyyy hh:mm aaa');
  check('isoDateInZone', isoDateInZone(ms, tz), 'yyyy-MM-dd');
  check('formatMonthDay', formatMonthDay(ms, tz), 'MMM dd');
  const d = tz ? new TZDate(ms, tz) : new Date(ms);
  check('formatShortHour', formatShortHour(ms, tz), d.getMinutes() === 0 ? 'h a' : 'h:mm a');
  return out;
}

/** The instants (to the minute) at which the zone's offset changes in [from, to). */
function transitions(tz: string, from: number, to: number): number[] {
  const DAY = 86_400_000;
  const found: number[] = [];
  for (let t = from; t < to; t += DAY) {
    let lo = t;
    let hi = t + DAY;
    const a = tzOffset(tz, new Date(lo));
    if (a === tzOffset(tz, new Date(hi))) continue;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (tzOffset(tz, new Date(mid)) === a) lo = mid;
      else hi = mid;
    }
    found.push(hi);
  }
  return found;
}

describe('date formatters (Intl) against date-fns format + TZDate', () => {
  it('agree around every offset change 2020–2030, ±2 h, in a dozen zones', () => {
    const bad: string[] = [];
    let changes = 0;
    for (const tz of ZONES) {
      const list = transitions(tz, Date.UTC(2020, 0, 1), Date.UTC(2031, 0, 1));
      changes += list.length;
      for (const at of list) {
        for (let dt = -120; dt <= 120; dt += dt >= -2 && dt < 2 ? 1 : 5) {
          for (const ms of [at + dt * 60_000, at + dt * 60_000 - 1, at + dt * 60_000 + 59_999]) {
            bad.push(...mismatches(ms, tz));
          }
        }
      }
    }
    // Eight of the zones change twice a year (Phoenix, Honolulu, Kolkata and UTC never do).
    expect(changes).toBe(8 * 22);
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('agree on 10,000 random instants 1970–2100, in every zone and in the runtime local zone', () => {
    let seed = 0x2545f491;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const from = Date.UTC(1970, 0, 1);
    const span = Date.UTC(2100, 0, 1) - from;
    // A local zone with DST and a half-hour offset, so that 'no zone' is not UTC in disguise.
    const before = process.env.TZ;
    process.env.TZ = 'America/St_Johns';
    expect(new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset()).toBe(210);
    const bad: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const ms = from + Math.floor(random() * span);
      bad.push(...mismatches(ms));
      for (const tz of ZONES) bad.push(...mismatches(ms, tz));
    }
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('write nothing for an invalid date, and take strings, numbers and dates alike', () => {
    for (const f of [formatOrderDate, formatShortDate, formatTime, formatInventoryTimestamp, isoDateInZone]) {
      expect(f('not a date', 'UTC')).toBe('');
      expect(f(Number.NaN)).toBe('');
    }
    const inputs: DateInput[] = [
      '2025-06-12T19:04:00Z',
      Date.UTC(2025, 5, 12, 19, 4),
      new Date('2025-06-12T19:04:00Z'),
    ];
    for (const v of inputs) expect(formatOrderDate(v, 'America/New_York')).toBe('06/12/2025 3:04 PM');
    expect(formatOrderDate('2025-06-12T04:00:00Z', 'America/New_York')).toBe('06/12/2025 12:00 AM');
    expect(formatOrderDate('2025-06-12T16:00:00Z', 'America/New_York')).toBe('06/12/2025 12:00 PM');
  });
});
