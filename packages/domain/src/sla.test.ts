import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status.ts';
import {
  businessDays,
  computeOnTrackStatus,
  endOfNextBusinessDay,
  formatDurationShort,
  onTrackStatusClock,
  type SlaInput,
  slaDueAt,
  slaMessage,
  tabHasSla,
} from './sla.ts';
import { slaBadgeLook, slaColor } from './sla-badge.ts';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const onDemand = (now: string): SlaInput => ({
  status: 'SUBMITTED',
  deliveryMethod: 'on_demand',
  submittedAt: at('2025-06-12T16:00:00Z'),
  now: at(now),
  timezone: NY,
});

describe('on-demand: due 2 h after submission', () => {
  it.each([
    ['2025-06-12T16:00:00Z', 'SLA0', 'Due in 2h'],
    ['2025-06-12T16:40:00Z', 'SLA0', 'Due in 1h 20m'],
    ['2025-06-12T17:29:59Z', 'SLA0', 'Due in 31m'], // 30m01s left: more than a quarter
    ['2025-06-12T17:30:00Z', 'SLA1', 'Due in 30m'], // exactly a quarter left: last quarter
    ['2025-06-12T17:35:00Z', 'SLA1', 'Due in 25m'],
    ['2025-06-12T17:59:30Z', 'SLA1', 'Due in 1m'],
    ['2025-06-12T18:00:00Z', 'SLA2', 'Overdue'],
    ['2025-06-12T18:00:59Z', 'SLA2', 'Overdue'],
    ['2025-06-12T18:01:00Z', 'SLA2', 'Overdue by 1m'],
    ['2025-06-12T21:00:00Z', 'SLA2', 'Overdue by 3h'],
    ['2025-06-14T22:30:00Z', 'SLA2', 'Overdue by 2d 4h'],
  ])('now=%s → %s %s', (now, type, message) => {
    expect(computeOnTrackStatus(onDemand(now))).toEqual({ type, message });
  });
  it('courier and scheduled without a window use the same 2 h', () => {
    const base = onDemand('2025-06-12T16:00:00Z');
    expect(slaDueAt({ ...base, deliveryMethod: 'courier' }).toISOString()).toBe('2025-06-12T18:00:00.000Z');
    expect(slaDueAt({ ...base, deliveryMethod: 'scheduled' }).toISOString()).toBe('2025-06-12T18:00:00.000Z');
  });
  it('scheduled with a window is due at the window end', () => {
    const input: SlaInput = {
      ...onDemand('2025-06-13T19:00:00Z'),
      deliveryMethod: 'scheduled',
      deliveryWindowEnd: at('2025-06-13T20:00:00Z'),
    };
    expect(slaDueAt(input).toISOString()).toBe('2025-06-13T20:00:00.000Z');
    // window 28 h, 1 h left → last quarter
    expect(computeOnTrackStatus(input)).toEqual({ type: 'SLA1', message: 'Due in 1h' });
  });
});

describe('no SLA outside open statuses', () => {
  it.each(ORDER_STATUSES.map((s) => [s]))('%s', (status) => {
    const r = computeOnTrackStatus({ ...onDemand('2025-06-12T16:30:00Z'), status });
    const expected = [
      'SUBMITTED',
      'PAYMENT_SUBMITTED',
      'PAYMENT_APPROVED',
      'ACTIVE',
      'MERCHANT_ACCEPTED',
    ].includes(status);
    expect(r !== null).toBe(expected);
  });
});

describe('shipping: end of the next business day in the merchant timezone', () => {
  const ship = (submitted: string, now: string, extra: Partial<SlaInput> = {}): SlaInput => ({
    status: 'MERCHANT_ACCEPTED',
    deliveryMethod: 'shipping',
    submittedAt: at(submitted),
    now: at(now),
    timezone: NY,
    ...extra,
  });
  it.each([
    // Thursday 12:00 EDT → end of Friday (Sat 00:00 EDT = 04:00Z)
    ['2025-06-12T16:00:00Z', NY, '2025-06-14T04:00:00.000Z'],
    // Friday 15:00 EDT → end of Monday
    ['2025-06-13T19:00:00Z', NY, '2025-06-17T04:00:00.000Z'],
    // Saturday → end of Monday
    ['2025-06-14T15:00:00Z', NY, '2025-06-17T04:00:00.000Z'],
    // Friday 22:00 EDT is Saturday 03:00 in London → end of Monday London time (23:00Z, BST)
    ['2025-06-14T02:00:00Z', NY, '2025-06-17T04:00:00.000Z'],
    ['2025-06-14T02:00:00Z', 'Europe/London', '2025-06-16T23:00:00.000Z'],
    // Winter time: Thursday → end of Friday EST (05:00Z)
    ['2025-01-09T16:00:00Z', NY, '2025-01-11T05:00:00.000Z'],
    // DST change weekend: Friday 7 Mar 2025 → Monday ends at 04:00Z (EDT)
    ['2025-03-07T16:00:00Z', NY, '2025-03-11T04:00:00.000Z'],
  ])('submitted %s in %s → due %s', (submitted, tz, due) => {
    expect(slaDueAt(ship(submitted, submitted, { timezone: tz })).toISOString()).toBe(due);
  });
  it('preorder and deposit follow the shipping rule', () => {
    for (const m of ['preorder', 'deposit'])
      expect(slaDueAt(ship('2025-06-12T16:00:00Z', '', { deliveryMethod: m })).toISOString()).toBe(
        '2025-06-14T04:00:00.000Z',
      );
  });
  it('business days come from the hours when given', () => {
    const hours = [
      { weekday: 'monday', time_open: '09:00', time_close: '17:00' },
      { weekday: 'Saturday', time_open: '09:00', time_close: '17:00' },
    ];
    expect([...businessDays(hours)].sort()).toEqual(['monday', 'saturday']);
    expect([...businessDays([])]).toHaveLength(5);
    // Thursday → Saturday is the next business day
    expect(slaDueAt(ship('2025-06-12T16:00:00Z', '', { hours })).toISOString()).toBe(
      '2025-06-15T04:00:00.000Z',
    );
    // Saturday → Monday
    expect(endOfNextBusinessDay(at('2025-06-14T16:00:00Z'), NY, hours).toISOString()).toBe(
      '2025-06-17T04:00:00.000Z',
    );
  });
  it('levels across the window (Thu 12:00 → Sat 00:00, 36 h window)', () => {
    const s = '2025-06-12T16:00:00Z';
    expect(computeOnTrackStatus(ship(s, '2025-06-13T04:00:00Z'))).toEqual({
      type: 'SLA0',
      message: 'Due in 1d',
    });
    // exactly a quarter (9 h) left
    expect(computeOnTrackStatus(ship(s, '2025-06-13T19:00:00Z'))).toEqual({
      type: 'SLA1',
      message: 'Due in 9h',
    });
    expect(computeOnTrackStatus(ship(s, '2025-06-13T18:59:00Z'))?.type).toBe('SLA0');
    expect(computeOnTrackStatus(ship(s, '2025-06-14T07:00:00Z'))).toEqual({
      type: 'SLA2',
      message: 'Overdue by 3h',
    });
  });
  it('presale counting starts on the availability day', () => {
    const input = ship('2025-06-12T16:00:00Z', '2025-06-12T16:00:00Z', {
      deliveryMethod: 'preorder',
      preorderAvailableDate: '2025-06-20', // Friday
    });
    expect(slaDueAt(input).toISOString()).toBe('2025-06-24T04:00:00.000Z');
    expect(computeOnTrackStatus(input)?.type).toBe('SLA0');
  });
});

describe('formatting', () => {
  it.each([
    [0, 'down', '0m'],
    [25 * 60_000, 'down', '25m'],
    [80 * 60_000, 'down', '1h 20m'],
    [3 * 3_600_000, 'down', '3h'],
    [26 * 3_600_000, 'down', '1d 2h'],
    [48 * 3_600_000, 'down', '2d'],
    [61_000, 'up', '2m'],
  ] as const)('%i ms (%s) → %s', (ms, round, out) => expect(formatDurationShort(ms, round)).toBe(out));
  it('messages', () => {
    expect(slaMessage(30_000)).toBe('Due in 1m');
    expect(slaMessage(0)).toBe('Overdue');
    expect(slaMessage(-3 * 3_600_000)).toBe('Overdue by 3h');
  });
});

describe('On Track badge colour', () => {
  it('green, orange, red; an unknown type reads as on track', () => {
    expect(slaColor('SLA0')).toBe('green');
    expect(slaColor('SLA1')).toBe('orange');
    expect(slaColor('SLA2')).toBe('red');
    expect(slaColor('SLA9')).toBe('green');
  });

  it('each level has a fill and a symbol of its own, so the levels differ beyond their hue', () => {
    const looks = (['SLA0', 'SLA1', 'SLA2'] as const).map(slaBadgeLook);
    expect(new Set(looks.map((l) => l.symbol)).size).toBe(3);
    expect(new Set(looks.map((l) => `${l.variant} ${l.color}`)).size).toBe(3);
    expect(looks.map((l) => l.variant)).toEqual(['light', 'filled', 'filled']);
    expect(slaBadgeLook('SLA9')).toEqual(slaBadgeLook('SLA0'));
  });
});

describe('tabs whose orders carry an SLA', () => {
  it('only the active tab, or no tab at all', () => {
    expect(tabHasSla('active')).toBe(true);
    expect(tabHasSla(undefined)).toBe(true);
    expect(tabHasSla(null)).toBe(true);
    expect(tabHasSla('on_hold')).toBe(false);
    expect(tabHasSla('cancelled')).toBe(false);
    expect(tabHasSla('completed')).toBe(false);
  });
});

describe('the SLA clock of a list page (onTrackStatusClock)', () => {
  const HOURS = [
    null,
    [],
    [{ weekday: 'Saturday ' }, { weekday: 'monday' }],
    [{ weekday: 'sunday' }, { weekday: 'nonsense' }],
  ];
  const METHODS = ['shipping', 'preorder', 'deposit', 'on_demand', 'courier', 'scheduled'];
  const STATUSES = ['SUBMITTED', 'MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CANCELLED'];

  it('answers as computeOnTrackStatus for every order (methods, windows, presales, zones, hours)', () => {
    let compared = 0;
    for (const timezone of [NY, 'Asia/Kathmandu', 'UTC']) {
      for (const hours of HOURS) {
        const clock = onTrackStatusClock(timezone, hours);
        // 1,500 submissions 7 min apart (a week, across midnights and a weekend), each method and status.
        for (let i = 0; i < 1500; i++) {
          const submittedAt = new Date(Date.UTC(2025, 5, 12, 0, 0) + i * 7 * 60_000);
          const method = METHODS[i % METHODS.length]!;
          const order = {
            status: STATUSES[i % STATUSES.length]!,
            now: new Date(submittedAt.getTime() + (i % 50) * 3_600_000),
            deliveryMethod: method,
            submittedAt,
            deliveryWindowEnd: i % 3 === 0 ? new Date(submittedAt.getTime() + 5 * 3_600_000) : null,
            preorderAvailableDate: i % 4 === 0 ? '2025-06-16' : i % 4 === 1 ? '2025-06-01' : null,
          };
          expect(clock(order)).toEqual(computeOnTrackStatus({ ...order, timezone, hours }));
          compared++;
        }
      }
    }
    expect(compared).toBe(18_000);
  });

  it('keeps answering the same once its memo is full and dropped', () => {
    const start = Date.UTC(2025, 0, 1);
    const due = (i: number) => endOfNextBusinessDay(new Date(start + i * 900_000), NY).toISOString();
    const first = Array.from({ length: 200 }, (_, i) => due(i));
    for (let i = 200; i < 12_000; i++) due(i); // more buckets than the memo holds
    expect(Array.from({ length: 200 }, (_, i) => due(i))).toEqual(first);
    expect(first[0]).toBe('2025-01-02T05:00:00.000Z');
  });
});
