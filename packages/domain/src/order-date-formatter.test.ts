import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderDate, type OffsetSegment, orderDateFormatter, orderDateOffsets } from './dates.ts';
import { zonedDateTime } from './zoned-dates.ts';

// Zones with DST, half- and quarter-hour offsets, a southern-hemisphere switch and a 30-minute DST (Lord Howe).
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'Europe/London',
  'Pacific/Chatham',
  'UTC',
];

describe('orderDateFormatter', () => {
  it('writes exactly what formatOrderDate writes, for any instant in any of these zones', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (zone, ms) => {
          const format = orderDateFormatter(zone);
          expect(format(new Date(ms))).toBe(formatOrderDate(new Date(ms), zone));
          expect(format(new Date(ms).toISOString())).toBe(formatOrderDate(new Date(ms), zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is exact minute by minute across DST changes (the offset changes inside a cached span)', () => {
    const cases: [string, Date][] = [
      ['America/New_York', zonedDateTime('America/New_York', 2025, 3, 9, 1, 0)],
      ['America/New_York', zonedDateTime('America/New_York', 2025, 11, 2, 0, 30)],
      ['Australia/Lord_Howe', new Date('2025-04-05T14:00:00Z')],
      ['Australia/Lord_Howe', new Date('2025-10-04T15:00:00Z')],
      ['Pacific/Chatham', new Date('2025-04-05T13:00:00Z')],
    ];
    for (const [zone, from] of cases) {
      const format = orderDateFormatter(zone);
      for (let m = 0; m < 180; m++) {
        const at = new Date(from.getTime() + m * 60_000 + 59_999);
        expect(format(at), `${zone} ${at.toISOString()}`).toBe(formatOrderDate(at, zone));
      }
    }
  });

  it('gives an empty cell for an invalid date, as formatOrderDate does', () => {
    expect(orderDateFormatter('America/New_York')('not a date')).toBe('');
    expect(orderDateFormatter('America/New_York')(new Date('2025-06-12T19:04:00Z'))).toBe(
      '06/12/2025 3:04 PM',
    );
  });
});

/** The text of `ms` by a segment table, as PostgreSQL writes it from the table (details-copy.ts). */
function byTable(segments: OffsetSegment[], ms: number): string {
  let k = 0;
  while (k + 1 < segments.length && (segments[k + 1]?.start_ms ?? Infinity) <= ms) k++;
  const local = new Date(ms + (segments[k]?.offset_ms ?? Number.NaN));
  const h24 = local.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())}/${local.getUTCFullYear()} ${h24 % 12 || 12}:${pad(local.getUTCMinutes())} ${h24 < 12 ? 'AM' : 'PM'}`;
}

describe('orderDateOffsets', () => {
  it("gives the formatter's text for any instant of the range, in any of these zones", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES, 'Africa/Monrovia', 'Europe/Moscow', 'America/Sao_Paulo'),
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.integer({ min: 1, max: 3 * 365 * 86_400_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (zone, from, span, at) => {
          const segments = orderDateOffsets(zone, from, from + span);
          expect(segments).not.toBeNull();
          expect(segments?.[0]?.start_ms).toBeLessThanOrEqual(from);
          for (const f of at) {
            const ms = from + Math.floor(f * (span - 1));
            expect(byTable(segments ?? [], ms), `${zone} ${new Date(ms).toISOString()}`).toBe(
              orderDateFormatter(zone)(ms),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits six hours in which the offset changes at the very millisecond, and merges equal offsets', () => {
    const ny = orderDateOffsets('America/New_York', Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1));
    expect(ny).toEqual([
      { start_ms: Date.UTC(2025, 0, 1), offset_ms: -5 * 3_600_000 },
      { start_ms: Date.UTC(2025, 2, 9, 7), offset_ms: -4 * 3_600_000 },
      { start_ms: Date.UTC(2025, 10, 2, 6), offset_ms: -5 * 3_600_000 },
    ]);
    // Lord Howe's 30-minute DST, and minute by minute across both of its changes.
    const lh = orderDateOffsets('Australia/Lord_Howe', Date.UTC(2025, 3, 1), Date.UTC(2025, 9, 10));
    expect(lh?.map((s) => s.offset_ms / 60_000)).toEqual([660, 630, 660]);
    for (const from of [Date.UTC(2025, 3, 5, 14), Date.UTC(2025, 9, 4, 15)])
      for (let m = 0; m < 180; m++) {
        const ms = from + m * 60_000 + 59_999;
        expect(byTable(lh ?? [], ms)).toBe(formatOrderDate(ms, 'Australia/Lord_Howe'));
      }
    // Monrovia kept -0:44:30 until 1972 (tzOffset reads it as +44.5 minutes): whole milliseconds still.
    const monrovia = orderDateOffsets('Africa/Monrovia', Date.UTC(1970, 0, 1), Date.UTC(1973, 0, 1));
    expect(monrovia?.map((s) => s.offset_ms)).toEqual([44.5 * 60_000, 0]);
    expect(byTable(monrovia ?? [], Date.UTC(1971, 5, 1, 12))).toBe(
      orderDateFormatter('Africa/Monrovia')(Date.UTC(1971, 5, 1, 12)),
    );
  });

  it('is null where a table cannot give the text: an unknown zone, a range outside 1970–2199, an empty range', () => {
    expect(orderDateOffsets('Not/AZone', Date.UTC(2025, 0, 1), Date.UTC(2025, 1, 1))).toBeNull();
    expect(orderDateOffsets('', Date.UTC(2025, 0, 1), Date.UTC(2025, 1, 1))).toBeNull();
    expect(orderDateOffsets('UTC', Date.UTC(1969, 11, 31), Date.UTC(1970, 1, 1))).toBeNull();
    expect(orderDateOffsets('UTC', Date.UTC(2199, 0, 1), Date.UTC(2200, 0, 2))).toBeNull();
    expect(orderDateOffsets('UTC', Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 1))).toBeNull();
    expect(orderDateOffsets('UTC', Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 2))).toEqual([
      { start_ms: Date.UTC(2025, 0, 1), offset_ms: 0 },
    ]);
  });
});
