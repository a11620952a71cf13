import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderDate, orderDateFormatter, zonedDateTime } from './dates.ts';

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
