import { describe, expect, it } from 'vitest';
import {
  nextBusinessDayOffsets,
  REPORT_ACCEPTED_STATUSES,
  REPORT_CANCELLED_STATUSES,
  REPORT_REJECTED_STATUSES,
  REPORT_REVENUE_STATUSES,
  REPORT_STILL_OPEN_LABEL,
  reportDaysNote,
  reportPresetRange,
  reportRangeDays,
  reportRejectionReasonLabel,
  toCsv,
} from './reports.ts';
import { businessDays } from './sla.ts';

describe('the reports page in plain words', () => {
  it('says which time zone the days follow, by its place and its name', () => {
    expect(reportDaysNote('America/New_York')).toBe('Days are counted in New York time (America/New_York)');
    expect(reportDaysNote('America/Argentina/Buenos_Aires')).toBe(
      'Days are counted in Buenos Aires time (America/Argentina/Buenos_Aires)',
    );
    expect(reportDaysNote('UTC')).toBe('Days are counted in UTC time');
  });
  it("calls the orders neither accepted, rejected nor cancelled 'Still open'", () => {
    expect(REPORT_STILL_OPEN_LABEL).toBe('Still open');
  });
});

describe('reports rules', () => {
  it('accepted, rejected and cancelled never overlap; revenue is accepted minus refunded', () => {
    const all = [...REPORT_ACCEPTED_STATUSES, ...REPORT_REJECTED_STATUSES, ...REPORT_CANCELLED_STATUSES];
    expect(new Set(all).size).toBe(all.length);
    expect(REPORT_REVENUE_STATUSES).toEqual(REPORT_ACCEPTED_STATUSES.filter((s) => s !== 'REFUNDED'));
  });

  it('counts days both included and presets end today', () => {
    expect(reportRangeDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(reportRangeDays('2025-01-01', '2026-01-01')).toBe(366);
    expect(reportRangeDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(reportRangeDays('2026-02-30', '2026-03-01')).toBeNull();
    expect(reportPresetRange(7, '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(reportPresetRange(30, '2026-01-15')).toEqual({ from: '2025-12-17', to: '2026-01-15' });
  });

  it('next business day offsets, Sunday first', () => {
    expect(nextBusinessDayOffsets(businessDays(null))).toEqual([1, 1, 1, 1, 1, 3, 2]);
    expect(nextBusinessDayOffsets(businessDays([{ weekday: 'saturday' }]))).toEqual([6, 5, 4, 3, 2, 1, 7]);
  });

  it('labels every rejection reason, item reasons and none recorded', () => {
    expect(reportRejectionReasonLabel('store_closed')).toBe('Store closed');
    expect(reportRejectionReasonLabel('outOfStock')).toBe('Out of stock');
    expect(reportRejectionReasonLabel('unspecified')).toBe('Not recorded');
  });

  it('writes CSV with a header row, quoting and formula cells neutralised', () => {
    expect(
      toCsv(
        ['Name', 'Orders'],
        [
          ['=SUM(A1)', 1],
          ['a, "b"', 2],
          ['-3', null],
          ['@x', '+y'],
        ],
      ),
    ).toBe('Name,Orders\r\n\'=SUM(A1),1\r\n"a, ""b""",2\r\n\'-3,\r\n\'@x,\'+y\r\n');
  });
});
