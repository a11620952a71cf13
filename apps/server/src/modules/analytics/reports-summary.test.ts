import type { OrderListItem, OrdersListResponse, ReportsSummary } from '@mc/api';
import {
  isoDateInZone,
  type OrderStatus,
  REPORT_ACCEPTED_STATUSES,
  REPORT_CANCELLED_STATUSES,
  REPORT_REJECTED_STATUSES,
  REPORT_REVENUE_STATUSES,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants, orderHistory, orders } from '../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, buildTeammate, useTestApp } from '../../test/harness.ts';

type Owner = Awaited<ReturnType<typeof buildMerchantWithOwner>>;

const t = useTestApp();
let a: Owner;
let other: Owner;
let memberHeaders: Record<string, string>;
let managerHeaders: Record<string, string>;

const HOUR = 3_600_000;
/** 2026-01-05 12:00 in Los Angeles (PST, UTC-8). */
const T0 = Date.UTC(2026, 0, 5, 20, 0, 0);
const TZ = 'America/Los_Angeles';
const STATUSES: OrderStatus[] = [
  'SUBMITTED',
  'MERCHANT_ACCEPTED',
  'MERCHANT_SHIPPED',
  'CLOSED',
  'CLOSED',
  'MERCHANT_REJECTED',
  'REJECTED_PARTIAL',
  'CANCELLED',
  'PAYMENT_DECLINED',
  'DISPUTED',
  'REFUNDED',
];

const summaryUrl = (tmk: string, qs: string) => `/m/v2/merchant/${tmk}/reports/summary?${qs}`;
async function summary(headers: Record<string, string>, tmk: string, from: string, to: string) {
  const res = await t.app.inject({ method: 'GET', url: summaryUrl(tmk, `from=${from}&to=${to}`), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportsSummary;
}

/** Every order of the merchant through the list endpoint (all tabs, following next_url). */
async function allListed(owner: Owner): Promise<OrderListItem[]> {
  const items: OrderListItem[] = [];
  let url: string | null = `/m/v2/merchant/${owner.merchant.tmk}/orders/optimized?limit=100&offset=0`;
  while (url) {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as OrdersListResponse;
    items.push(...page.items);
    url = page.next_url;
  }
  return items;
}

const isIn = (list: readonly string[], s: string) => list.includes(s);

beforeAll(async () => {
  a = await buildMerchantWithOwner(t);
  other = await buildMerchantWithOwner(t);
  await t.database.db.update(merchants).set({ timezone: TZ }).where(eq(merchants.id, a.merchant.id));
  memberHeaders = (await buildTeammate(t, a.merchant)).headers;
  managerHeaders = (await buildTeammate(t, a.merchant, 'merch.manager')).headers;
  // 44 orders over 11 days, every 6 hours (so each day has orders both sides of UTC midnight).
  for (let i = 0; i < 44; i++) {
    await buildOrder(t.ctx, {
      merchantTmk: a.merchant.tmk,
      status: STATUSES[i % STATUSES.length],
      seed: 1000 + i,
      submittedAt: new Date(T0 + i * 6 * HOUR),
    });
  }
  // Another store's orders in the same days never count.
  for (let i = 0; i < 5; i++)
    await buildOrder(t.ctx, {
      merchantTmk: other.merchant.tmk,
      status: 'CLOSED',
      seed: 2000 + i,
      submittedAt: new Date(T0 + i * 6 * HOUR),
    });
});

describe('GET /m/v2/merchant/{tmk}/reports/summary', () => {
  it('equals the counts taken from the orders list for the same merchant and period', async () => {
    const from = '2026-01-06';
    const to = '2026-01-12';
    const s = await summary(a.headers, a.merchant.tmk, from, to);
    const listed = (await allListed(a)).filter((o) => {
      const day = isoDateInZone(o.date_submitted, TZ);
      return day >= from && day <= to;
    });
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.length).toBeLessThan(44);
    expect(s.timezone).toBe(TZ);
    expect(s.orders).toBe(listed.length);
    expect(s.accepted).toBe(listed.filter((o) => isIn(REPORT_ACCEPTED_STATUSES, o.status)).length);
    expect(s.rejected).toBe(listed.filter((o) => isIn(REPORT_REJECTED_STATUSES, o.status)).length);
    expect(s.cancelled).toBe(listed.filter((o) => isIn(REPORT_CANCELLED_STATUSES, o.status)).length);
    const revenue = listed
      .filter((o) => isIn(REPORT_REVENUE_STATUSES, o.status))
      .reduce((sum, o) => sum + Math.round(o.transaction.total * 100), 0);
    expect(Math.round((s.revenue ?? -1) * 100)).toBe(revenue);
    expect(revenue).toBeGreaterThan(0);

    // by day: every day of the period, in order, each equal to the list's orders of that local day.
    expect(s.by_day.map((d) => d.date)).toEqual([
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    for (const d of s.by_day)
      expect(d.orders, d.date).toBe(
        listed.filter((o) => isoDateInZone(o.date_submitted, TZ) === d.date).length,
      );
    // by brand and by delivery method.
    const tally = (key: (o: OrderListItem) => string) => {
      const m: Record<string, number> = {};
      for (const o of listed) m[key(o)] = (m[key(o)] ?? 0) + 1;
      return m;
    };
    expect(Object.fromEntries(s.by_brand.map((b) => [b.application_ref, b.orders]))).toEqual(
      tally((o) => o.application_ref),
    );
    expect(Object.fromEntries(s.by_delivery_method.map((m) => [m.delivery_method, m.orders]))).toEqual(
      tally((o) => o.delivery.method),
    );
    expect(s.by_rejection_reason.reduce((n, r) => n + r.orders, 0)).toBe(s.rejected);
    for (const r of s.by_rejection_reason) expect(r.label).toBeTruthy();
  });

  it('shows revenue to owners and managers, never to members (counts are the same)', async () => {
    const owner = await summary(a.headers, a.merchant.tmk, '2026-01-05', '2026-01-16');
    const manager = await summary(managerHeaders, a.merchant.tmk, '2026-01-05', '2026-01-16');
    const member = await summary(memberHeaders, a.merchant.tmk, '2026-01-05', '2026-01-16');
    expect(owner.orders).toBe(44);
    expect(owner.revenue).toBeGreaterThan(0);
    expect(manager.revenue).toBe(owner.revenue);
    expect(JSON.stringify(member)).not.toContain('revenue');
    const strip = (s: ReportsSummary) => JSON.parse(JSON.stringify(s).replace(/,"revenue":[\d.]+/g, ''));
    expect(member).toEqual(strip(owner));
  });

  it('cuts days at midnight in the store time zone', async () => {
    const z = await buildMerchantWithOwner(t);
    await t.database.db.update(merchants).set({ timezone: TZ }).where(eq(merchants.id, z.merchant.id));
    // 23:59:59 on Jan 14 and 00:00:00 on Jan 15 in Los Angeles (PST): both are Jan 15 in UTC.
    for (const [i, at] of ['2026-01-15T07:59:59Z', '2026-01-15T08:00:00Z', '2026-01-16T07:59:59Z'].entries())
      await buildOrder(t.ctx, { merchantTmk: z.merchant.tmk, seed: 3000 + i, submittedAt: new Date(at) });
    expect((await summary(z.headers, z.merchant.tmk, '2026-01-14', '2026-01-14')).orders).toBe(1);
    const jan15 = await summary(z.headers, z.merchant.tmk, '2026-01-15', '2026-01-15');
    expect(jan15.orders).toBe(2);
    expect(jan15.by_day).toEqual([expect.objectContaining({ date: '2026-01-15', orders: 2 })]);
    expect((await summary(z.headers, z.merchant.tmk, '2026-01-16', '2026-01-16')).orders).toBe(0);
    // Summer time: 2026-07-01 00:00 in Los Angeles is 07:00 UTC.
    await buildOrder(t.ctx, {
      merchantTmk: z.merchant.tmk,
      seed: 3010,
      submittedAt: new Date('2026-07-01T06:59:59Z'),
    });
    expect((await summary(z.headers, z.merchant.tmk, '2026-06-30', '2026-06-30')).orders).toBe(1);
    expect((await summary(z.headers, z.merchant.tmk, '2026-07-01', '2026-07-01')).orders).toBe(0);
  });

  it('medians the minutes to accept and rates fulfilment against the SLA', async () => {
    const z = await buildMerchantWithOwner(t); // America/New_York, no hours: business days Monday–Friday.
    const at = (iso: string) => new Date(iso);
    const cases: {
      method: string;
      placed: string;
      accepted: string;
      shipped: string | null;
      status: OrderStatus;
    }[] = [
      // On demand, due 2 h after placing: shipped after 1 h (on time) and after 3 h (late).
      {
        method: 'on_demand',
        placed: '2026-02-02T15:00:00Z',
        accepted: '2026-02-02T15:10:00Z',
        shipped: '2026-02-02T16:00:00Z',
        status: 'MERCHANT_SHIPPED',
      },
      {
        method: 'on_demand',
        placed: '2026-02-02T15:00:00Z',
        accepted: '2026-02-02T15:30:00Z',
        shipped: '2026-02-02T18:00:00Z',
        status: 'CLOSED',
      },
      // Shipping placed Friday afternoon: due at the end of Monday (New York) — shipped Monday 20:00 ET.
      {
        method: 'shipping',
        placed: '2026-02-06T20:00:00Z',
        accepted: '2026-02-06T20:20:00Z',
        shipped: '2026-02-10T01:00:00Z',
        status: 'MERCHANT_SHIPPED',
      },
      // …and one shipped on Tuesday morning: late.
      {
        method: 'shipping',
        placed: '2026-02-06T20:00:00Z',
        accepted: '2026-02-06T20:50:00Z',
        shipped: '2026-02-10T14:00:00Z',
        status: 'MERCHANT_SHIPPED',
      },
      // Accepted, never shipped, long overdue: late.
      {
        method: 'courier',
        placed: '2026-02-03T15:00:00Z',
        accepted: '2026-02-03T16:40:00Z',
        shipped: null,
        status: 'MERCHANT_ACCEPTED',
      },
    ];
    for (const [i, c] of cases.entries()) {
      const id = await buildOrder(t.ctx, {
        merchantTmk: z.merchant.tmk,
        seed: 4000 + i,
        submittedAt: at(c.placed),
      });
      await t.database.db
        .update(orders)
        .set({ status: c.status, delivery_method: c.method, delivery_window_end: null })
        .where(eq(orders.id, id));
      const steps: [OrderStatus, string | null][] = [
        ['MERCHANT_ACCEPTED', c.accepted],
        ['MERCHANT_SHIPPED', c.shipped],
      ];
      for (const [to, when] of steps)
        if (when)
          await t.database.db.insert(orderHistory).values({
            order_id: id,
            actor_type: 'merchant',
            action: 'test',
            from_status: 'SUBMITTED',
            to_status: to,
            created_at: at(when),
          });
    }
    const s = await summary(z.headers, z.merchant.tmk, '2026-02-01', '2026-02-28');
    expect(s.accepted).toBe(5);
    // Minutes to accept: 10, 30, 20, 50, 100 → 30.
    expect(s.median_minutes_to_accept).toBe(30);
    expect(s.on_time).toEqual({ rate: 0.4, on_time: 2, late: 3 });
  });

  it('answers 400 naming the field for bad, reversed or too long periods', async () => {
    const bad = async (qs: string, field: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: summaryUrl(a.merchant.tmk, qs),
        headers: a.headers,
      });
      expect(res.statusCode, qs).toBe(400);
      const body = res.json() as { message: string; errors: { path: string; message: string }[] };
      expect(
        body.errors.map((e) => e.path),
        qs,
      ).toContain(field);
      return body;
    };
    expect((await bad('from=2026-02-30&to=2026-03-01', 'from')).message).toMatch(/^from must be a date/);
    await bad('from=yesterday&to=2026-03-01', 'from');
    await bad('from=2026-03-01', 'to');
    await bad('from=2026-03-01&to=2026-13-01', 'to');
    expect((await bad('from=2026-03-02&to=2026-03-01', 'to')).message).toBe('to must not be before from');
    expect((await bad('from=2025-01-01&to=2026-01-02', 'to')).message).toMatch(/at most 366 days/);
    // 366 days, both included, is allowed.
    expect((await summary(a.headers, a.merchant.tmk, '2025-01-01', '2026-01-01')).by_day).toHaveLength(366);
  });

  it('is 401 without a token and 404 for another store', async () => {
    const url = summaryUrl(a.merchant.tmk, 'from=2026-01-01&to=2026-01-02');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
  });
});
