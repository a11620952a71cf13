/**
 * The kept per-day report figures (migration 0016, docs/decisions/0146) against the orders scan they replace:
 * over random order histories (intake, status changes one by one and in bulk, totals, accept and fulfil times,
 * rejection reasons, deletions, a store moving time zone, transactions of several statements) the summary
 * read from the kept rows equals, field for field, the reference statement that reads the orders
 * (reports-summary-sql.ts), for random periods and store hours (business days); and the kept rows equal a
 * rebuild from the orders. Also: the rule lists written in the migration's SQL equal packages/domain's, and
 * the business-day offsets the summary computes in SQL equal nextBusinessDayOffsets for every set of days.
 */
import {
  businessDays,
  DELIVERY_METHODS,
  ITEM_REASONS,
  nextBusinessDayOffsets,
  ORDER_STATUSES,
  REPORT_ACCEPTED_STATUSES,
  REPORT_CANCELLED_STATUSES,
  REPORT_NEXT_BUSINESS_DAY_METHODS,
  REPORT_REJECTED_STATUSES,
  REPORT_REVENUE_STATUSES,
  REPORT_TWO_HOUR_METHODS,
  REPORT_UNSPECIFIED_REASON,
  WEEKDAYS_SUNDAY_FIRST,
} from '@mc/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { buildKeptSummaryQuery, businessDayOffsetsCte } from './reports-summary-kept-sql.ts';
import { buildSummaryQuery } from './reports-summary-sql.ts';

let database: Database;
let appId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const [app] = await database.query<{ id: string }>(
    `INSERT INTO applications (ref, name, brand_name) VALUES ('prop-app-a', 'Brand A', 'Brand A')
     ON CONFLICT (ref) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  await database.query(
    `INSERT INTO applications (ref, name, brand_name) VALUES ('prop-app-b', 'Brand B', 'Brand B') ON CONFLICT DO NOTHING`,
  );
  appId = app!.id;
});
afterAll(async () => database?.close());

const isIn = (list: readonly string[], s: string) => list.includes(s);

describe('the SQL rules of migration 0016', () => {
  it('count each status where packages/domain does', async () => {
    for (const status of ORDER_STATUSES) {
      const [row] = await database.query<Record<string, boolean>>('SELECT * FROM report_status_flags($1)', [
        status,
      ]);
      expect([status, row]).toEqual([
        status,
        {
          accepted: isIn(REPORT_ACCEPTED_STATUSES, status),
          rejected: isIn(REPORT_REJECTED_STATUSES, status),
          cancelled: isIn(REPORT_CANCELLED_STATUSES, status),
          revenue: isIn(REPORT_REVENUE_STATUSES, status),
        },
      ]);
    }
  });
  it('give each delivery method the SLA rule packages/domain does', async () => {
    for (const m of [...DELIVERY_METHODS, 'preorder', 'deposit', 'unknown']) {
      const [row] = await database.query<{ rule: string | null }>('SELECT report_method_rule($1) AS rule', [
        m,
      ]);
      const want = isIn(REPORT_TWO_HOUR_METHODS, m)
        ? 'two_hour'
        : isIn(REPORT_NEXT_BUSINESS_DAY_METHODS, m)
          ? 'next_business_day'
          : null;
      expect([m, row?.rule]).toEqual([m, want]);
    }
  });
  it('name the rejection reason as the summary does (item reasons first, then the order reason)', async () => {
    const [row] = await database.query<{ a: string; b: string; c: string; d: string }>(
      `SELECT report_rejection_reason($1::jsonb) AS a, report_rejection_reason($2::jsonb) AS b,
              report_rejection_reason(NULL) AS c, report_rejection_reason($3::jsonb) AS d`,
      [
        JSON.stringify(Object.fromEntries(ITEM_REASONS.map((r) => [r, []]))),
        JSON.stringify({ rejected: { reason: 'store_closed' } }),
        JSON.stringify({ [ITEM_REASONS[1]]: [], rejected: { reason: 'other' } }),
      ],
    );
    expect(row).toEqual({
      a: ITEM_REASONS[0],
      b: 'store_closed',
      c: REPORT_UNSPECIFIED_REASON,
      d: ITEM_REASONS[1],
    });
  });
});

// ------------------------------------------------------------------ random histories

const ZONES = ['America/Los_Angeles', 'America/New_York', 'UTC', 'Asia/Kolkata', 'America/Santiago'];
/** Days around changes of clocks: US spring forward, Santiago's autumn, US fall back (2026). */
const BASES = [Date.UTC(2026, 2, 6), Date.UTC(2026, 3, 2), Date.UTC(2026, 9, 30)];
const METHODS = ['on_demand', 'courier', 'scheduled', 'shipping', 'pickup'];
const REFS = ['prop-app-a', 'prop-app-b', 'prop-app-unknown'];
const REJECTIONS: (Record<string, unknown> | null)[] = [
  null,
  {},
  { outOfStock: [{ sku: 'x' }] },
  { wrongPrice: [{ sku: 'y' }], rejected: { reason: 'other' } },
  { rejected: { reason: 'store_closed' } },
  { rejected: { reason: 'customer_cancelled' } },
];
/** Seconds after placing: bucket edges (5 min, 2 h, 48 h), day-scale gaps, negatives, and the odd microsecond. */
const OFFSET = fc.oneof(
  fc.constantFrom(-60, 0, 299.999999, 300, 7199.5, 7200, 7200.000001, 172_800, 86_400 * 3, 86_400 * 400),
  fc.integer({ min: 0, max: 6 * 86_400 }),
  fc.double({ min: 0, max: 3 * 3600, noNaN: true }).map((s) => Math.round(s * 1e6) / 1e6),
);

interface OrderSpec {
  at: number; // seconds after the base
  method: number;
  ref: number;
  status: number;
  total: number;
  window: number | null;
  accepted: number | null;
  fulfilled: number | null;
  rejection: number;
}
const orderArb: fc.Arbitrary<OrderSpec> = fc.record({
  // Spread over five days, often within a minute of a midnight in one of the zones.
  at: fc.oneof(
    fc.integer({ min: 0, max: 5 * 86_400 }),
    fc
      .tuple(
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(0, 3, 5, 8, 18.5),
        fc.integer({ min: -60, max: 60 }),
      )
      .map(([d, h, s]) => d * 86_400 + h * 3600 + s),
  ),
  method: fc.nat(METHODS.length - 1),
  ref: fc.nat(REFS.length - 1),
  status: fc.nat(ORDER_STATUSES.length - 1),
  total: fc.integer({ min: 0, max: 500_000 }),
  window: fc.option(OFFSET, { nil: null }),
  accepted: fc.option(OFFSET, { nil: null }),
  fulfilled: fc.option(OFFSET, { nil: null }),
  rejection: fc.nat(REJECTIONS.length - 1),
});

type Op =
  | { kind: 'status'; order: number; status: number }
  | { kind: 'bulkStatus'; orders: number[]; status: number }
  | { kind: 'total'; order: number; total: number }
  | { kind: 'times'; order: number; accepted: number | null; fulfilled: number | null }
  | { kind: 'history'; order: number; to: 'MERCHANT_ACCEPTED' | 'MERCHANT_SHIPPED'; after: number }
  | { kind: 'rejection'; order: number; rejection: number }
  | { kind: 'method'; order: number; method: number; window: number | null }
  | { kind: 'delete'; order: number }
  | { kind: 'insert'; spec: OrderSpec }
  | { kind: 'zone'; zone: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order: fc.nat(40),
      status: fc.nat(ORDER_STATUSES.length - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bulkStatus' as const),
      orders: fc.array(fc.nat(40), { maxLength: 6 }),
      status: fc.nat(ORDER_STATUSES.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('total' as const),
      order: fc.nat(40),
      total: fc.integer({ min: 0, max: 500_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('times' as const),
      order: fc.nat(40),
      accepted: fc.option(OFFSET, { nil: null }),
      fulfilled: fc.option(OFFSET, { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('history' as const),
      order: fc.nat(40),
      to: fc.constantFrom('MERCHANT_ACCEPTED' as const, 'MERCHANT_SHIPPED' as const),
      after: OFFSET,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rejection' as const),
      order: fc.nat(40),
      rejection: fc.nat(REJECTIONS.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('method' as const),
      order: fc.nat(40),
      method: fc.nat(METHODS.length - 1),
      window: fc.option(OFFSET, { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), order: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('insert' as const), spec: orderArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.nat(ZONES.length - 1) }) },
);

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
let runNo = 0;

async function histories(
  zone: number,
  base: number,
  specs: OrderSpec[],
  txs: Op[][],
  periods: [number, number][],
  days: string[],
) {
  const run = ++runNo;
  const [m] = await database.query<{ id: string }>(
    'INSERT INTO merchants (tmk, name, timezone) VALUES ($1, $2, $3) RETURNING id',
    [`prop-${run}-${Date.now()}`, 'Prop store', ZONES[zone]],
  );
  const mid = m!.id;
  // The store's hours: the business days of the shipping SLA, which the kept summary reads itself.
  for (const d of days)
    await database.query(
      `INSERT INTO merchant_hours (merchant_id, weekday, time_open, time_close) VALUES ($1, $2, '09:00', '17:00')`,
      [mid, d],
    );
  const offsets = nextBusinessDayOffsets(businessDays(days.map((weekday) => ({ weekday }))));
  const ts = (secondsAfterBase: number) =>
    `${lit(new Date(base).toISOString())}::timestamptz + make_interval(secs => ${secondsAfterBase})`;
  const ids: string[] = [];
  const placed: number[] = [];
  const insertSql = (s: OrderSpec) => {
    const id = `prop-${run}-${ids.length}`;
    ids.push(id);
    placed.push(s.at);
    const rel = (o: number | null) => (o === null ? 'NULL' : ts(s.at + o));
    return `INSERT INTO orders (id, merchant_id, application_id, application_ref, status, date_submitted,
        delivery_method, delivery_window_end, recipient, customer, recipient_name, customer_email, total_cents,
        accepted_at, fulfilled_at, rejection_message)
      VALUES (${lit(id)}, ${lit(mid)}, ${lit(appId)}, ${lit(REFS[s.ref]!)}, ${lit(ORDER_STATUSES[s.status]!)},
        ${ts(s.at)}, ${lit(METHODS[s.method]!)}, ${rel(s.window)}, '{}', '{}', 'R', 'c@example.com', ${s.total},
        ${rel(s.accepted)}, ${rel(s.fulfilled)},
        ${REJECTIONS[s.rejection] === null ? 'NULL' : `${lit(JSON.stringify(REJECTIONS[s.rejection]))}::jsonb`})`;
  };
  // Intake: a few orders per statement, as a marketplace sync would.
  for (let i = 0; i < specs.length; i += 3) {
    const batch = specs.slice(i, i + 3).map(insertSql);
    await database.db.transaction(async (tx) => {
      for (const s of batch) await tx.execute(sql.raw(s));
    });
  }
  const idOf = (n: number) => ids[n % Math.max(ids.length, 1)] ?? 'none';
  const placedOf = (n: number) => placed[n % Math.max(placed.length, 1)] ?? 0;
  for (const ops of txs) {
    const stmts = ops.map((op): string => {
      switch (op.kind) {
        case 'status':
          return `UPDATE orders SET status = ${lit(ORDER_STATUSES[op.status]!)}, version = version + 1 WHERE id = ${lit(idOf(op.order))}`;
        case 'bulkStatus':
          return `UPDATE orders SET status = ${lit(ORDER_STATUSES[op.status]!)} WHERE id IN (${['none', ...op.orders.map(idOf)].map(lit).join(',')})`;
        case 'total':
          return `UPDATE orders SET total_cents = ${op.total} WHERE id = ${lit(idOf(op.order))}`;
        case 'times': {
          const p = placedOf(op.order);
          const rel = (o: number | null) => (o === null ? 'NULL' : ts(p + o));
          return `UPDATE orders SET accepted_at = ${rel(op.accepted)}, fulfilled_at = ${rel(op.fulfilled)} WHERE id = ${lit(idOf(op.order))}`;
        }
        case 'history':
          return `INSERT INTO order_history (order_id, actor_type, action, from_status, to_status, created_at)
            SELECT id, 'merchant', 'x', status, ${lit(op.to)}, ${ts(placedOf(op.order) + op.after)} FROM orders WHERE id = ${lit(idOf(op.order))}`;
        case 'rejection': {
          const r = REJECTIONS[op.rejection];
          return `UPDATE orders SET rejection_message = ${r === null ? 'NULL' : `${lit(JSON.stringify(r))}::jsonb`} WHERE id = ${lit(idOf(op.order))}`;
        }
        case 'method': {
          const p = placedOf(op.order);
          return `UPDATE orders SET delivery_method = ${lit(METHODS[op.method]!)}, delivery_window_end = ${op.window === null ? 'NULL' : ts(p + op.window)} WHERE id = ${lit(idOf(op.order))}`;
        }
        case 'delete':
          return `DELETE FROM orders WHERE id = ${lit(idOf(op.order))}`;
        case 'insert':
          return insertSql(op.spec);
        default: // 'zone'
          return `UPDATE merchants SET timezone = ${lit(ZONES[op.zone]!)} WHERE id = ${lit(mid)}`;
      }
    });
    await database.db.transaction(async (tx) => {
      for (const s of stmts) await tx.execute(sql.raw(s));
    });
  }
  const [cur] = await database.query<{ timezone: string }>('SELECT timezone FROM merchants WHERE id = $1', [
    mid,
  ]);
  const day = (d: number) => new Date(base + d * 86_400_000).toISOString().slice(0, 10);
  for (const [a, len] of periods) {
    const p = { merchantId: mid, timezone: cur!.timezone, from: day(a), to: day(a + len) };
    const ref = buildSummaryQuery({ ...p, nextBusinessDayOffsets: offsets });
    const kept = buildKeptSummaryQuery(p);
    const [want] = await database.query<{ summary: unknown }>(ref.text, ref.values);
    const [got] = await database.query<{ summary: unknown }>(kept.text, kept.values);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(got!.summary), JSON.stringify(p)).toEqual(parse(want!.summary));
  }
  // The kept rows, slots summed, equal a count from scratch.
  const diff = await database.query(
    `WITH kept AS (
       SELECT day, dim, key, sum(orders) o, sum(accepted) a, sum(rejected) r, sum(cancelled) c,
         sum(revenue_cents) rev, sum(on_time) t, sum(late) l
       FROM report_day_figures WHERE merchant_id = $1 GROUP BY 1, 2, 3
       HAVING sum(orders) <> 0 OR sum(accepted) <> 0 OR sum(rejected) <> 0 OR sum(cancelled) <> 0
         OR sum(revenue_cents) <> 0 OR sum(on_time) <> 0 OR sum(late) <> 0),
     fresh AS (
       SELECT p.day, p.dim, p.key, sum(p.orders) o, sum(p.accepted) a, sum(p.rejected) r, sum(p.cancelled) c,
         sum(p.revenue_cents) rev, sum(p.on_time) t, sum(p.late) l
       FROM orders o JOIN merchants m ON m.id = o.merchant_id,
         LATERAL report_order_parts(m.timezone, o.status, o.delivery_method, o.application_ref, o.total_cents,
           o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message) p
       WHERE o.merchant_id = $1 GROUP BY 1, 2, 3)
     (SELECT 'kept' AS side, * FROM kept EXCEPT SELECT 'kept', * FROM fresh)
     UNION ALL (SELECT 'fresh', * FROM fresh EXCEPT SELECT 'fresh', * FROM kept)`,
    [mid],
  );
  expect(diff).toEqual([]);
}

describe('the business-day offsets in SQL', () => {
  it('equal nextBusinessDayOffsets for every set of business days, none (Monday to Friday) included', async () => {
    const [m] = await database.query<{ id: string }>(
      'INSERT INTO merchants (tmk, name, timezone) VALUES ($1, $2, $3) RETURNING id',
      [`offsets-${Date.now()}`, 'Offsets store', 'America/New_York'],
    );
    const q = `WITH ${businessDayOffsetsCte('$1', '$2', '$3')} SELECT o FROM off`;
    const fallback = [...businessDays([])];
    for (let mask = 0; mask < 128; mask++) {
      const days = WEEKDAYS_SUNDAY_FIRST.filter((_, i) => mask & (1 << i));
      await database.query('DELETE FROM merchant_hours WHERE merchant_id = $1', [m!.id]);
      for (const d of days)
        await database.query(
          `INSERT INTO merchant_hours (merchant_id, weekday, time_open, time_close) VALUES ($1, $2, '09:00', '17:00')`,
          [m!.id, d],
        );
      const [row] = await database.query<{ o: number[] }>(q, [m!.id, WEEKDAYS_SUNDAY_FIRST, fallback]);
      const want = nextBusinessDayOffsets(businessDays(days.map((weekday) => ({ weekday }))));
      expect([days, row!.o.map(Number)]).toEqual([days, want]);
    }
  });
});

describe('the summary from kept figures', () => {
  it('equals the orders scan over random order histories', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(ZONES.length - 1),
        fc.constantFrom(...BASES),
        fc.array(orderArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        fc.array(fc.tuple(fc.integer({ min: -2, max: 6 }), fc.integer({ min: 0, max: 8 })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.subarray([...WEEKDAYS_SUNDAY_FIRST]),
        async (zone, base, specs, txs, periods, days) => {
          await histories(zone, base, specs, txs, [[-2, 10], ...periods], days);
        },
      ),
      { numRuns: Number(process.env.REPORT_PROPERTY_RUNS ?? 40) },
    );
  });
});
