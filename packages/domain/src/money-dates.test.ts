import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatInventoryTimestamp,
  formatOrderDate,
  formatShortDate,
  inventoryLastUpdateText,
  isoString,
  isValidTimeZone,
} from './dates.ts';
import { centsToDollars, dollarsToCents, formatInventoryPrice, formatUsd, roundMoney } from './money.ts';
import { zonedDateTime } from './zoned-dates.ts';

describe('money', () => {
  it.each([
    [1234.56, '$1,234.56'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$5.00'],
    [1234567.891, '$1,234,567.89'],
    [-12.5, '-$12.50'],
  ])('formatUsd(%d) = %s', (d, s) => expect(formatUsd(d)).toBe(s));
  it.each([
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [-4.995, -500],
    [0, 0],
  ])('dollarsToCents(%d) = %i', (d, c) => expect(dollarsToCents(d)).toBe(c));
  it('other helpers', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(formatUsd(centsToDollars(500000))).toBe('$5,000.00');
    expect(formatInventoryPrice(12.5)).toBe('$ 12.50');
    expect(formatInventoryPrice(null)).toBe('$ -');
    expect(roundMoney(0.1 * 3)).toBe(0.3);
    expect(() => dollarsToCents(Number.NaN)).toThrow();
  });
  it('property: cents → dollars → cents round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (c) => dollarsToCents(centsToDollars(c)) === c),
    );
  });
});

describe('dates in the merchant timezone', () => {
  const d = '2025-06-12T19:04:00Z';
  it('formats', () => {
    expect(formatOrderDate(d, 'America/New_York')).toBe('06/12/2025 3:04 PM');
    expect(formatOrderDate(d, 'America/Los_Angeles')).toBe('06/12/2025 12:04 PM');
    expect(formatShortDate('2025-06-13T02:00:00Z', 'America/New_York')).toBe('06/12/2025');
    expect(formatInventoryTimestamp(d, 'America/New_York')).toBe('06/12/2025 03:04 pm');
    expect(inventoryLastUpdateText(d, 'UTC')).toBe('Last Update: 06/12/2025 07:04 pm (Local time)');
    expect(formatShortDate(d, 'Asia/Tokyo')).toBe('06/13/2025');
    expect(formatOrderDate('not a date', 'UTC')).toBe('');
  });
  it('zoned wall time', () => {
    expect(zonedDateTime('America/New_York', 2025, 1, 10, 9, 30).toISOString()).toBe(
      '2025-01-10T14:30:00.000Z',
    );
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('isoString', () => {
  it('is toISOString: 50,000 instants from 1970 to 2100, the edges of the 4-digit years and the rest', () => {
    const at = (ms: number) => new Date(ms);
    const cases: Date[] = [];
    const start = Date.UTC(1970, 0, 1);
    const span = Date.UTC(2100, 0, 1) - start;
    for (let i = 0; i < 50_000; i++) cases.push(at(start + (Math.floor((i * 7_919 * span) / 50_000) % span)));
    for (const ms of [
      Date.UTC(1000, 0, 1),
      Date.UTC(999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10_000, 0, 1),
      Date.UTC(-1, 5, 1),
      Date.UTC(2024, 1, 29, 0, 0, 0, 5),
      Date.UTC(2026, 11, 31, 23, 59, 59, 990),
      0,
      -1,
    ])
      cases.push(at(ms));
    const wrong = cases.filter((d) => isoString(d) !== d.toISOString());
    expect(wrong).toEqual([]);
  }, 30_000);

  it('is toISOString for any date (property)', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (d) => {
        expect(isoString(d)).toBe(d.toISOString());
      }),
      { numRuns: 20_000 },
    );
  }, 30_000);

  it('refuses an invalid date as toISOString does', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
