import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderItems, orders } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';

/**
 * 50 concurrent conflicting requests on one order (accept, reject, partial rejection mixed), for 20 fresh
 * orders: exactly one success, 49 refusals (409), exactly one history row for the change, no 5xx.
 * The figures are the brief's on PostgreSQL; PGlite (one connection) runs a smaller round of the same test.
 */
const ORDERS = TEST_DB === 'pg' ? 20 : 3;
const REQUESTS = 50;

const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
});

describe(`concurrent conflicting changes (${TEST_DB})`, () => {
  it(`${REQUESTS} requests × ${ORDERS} orders: one success, ${REQUESTS - 1} × 409, one history row`, async () => {
    const summary: { ok: number; conflict: number; other: number; historyRows: number; status: string }[] =
      [];
    for (let n = 0; n < ORDERS; n++) {
      const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
      const [item] = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.order_id, id))
        .limit(1);
      const bodies = [
        { status: 'MERCHANT_ACCEPTED' },
        { status: 'MERCHANT_REJECTED', reason: 'store_closed' },
        {
          status: 'REJECTED_PARTIAL',
          items: [{ id: item!.id, statuslist: ['OUT_OF_STOCK'] }],
          rejection_message: {
            outOfStock: {
              [item!.id]: { checked: true, message: 'Item can be obtained and shipped within 48 hrs.' },
            },
          },
        },
      ];
      const results = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          t.app.inject({
            method: 'PUT',
            url: `/m/v2/orders/${id}`,
            headers: owner.headers,
            payload: bodies[i % bodies.length],
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      const rows = await t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
      const changes = rows.filter((r) => r.from_status === 'SUBMITTED' && r.to_status !== 'SUBMITTED');
      const [o] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      summary.push({
        ok: codes.filter((c) => c === 200).length,
        conflict: codes.filter((c) => c === 409).length,
        other: codes.filter((c) => c !== 200 && c !== 409).length,
        historyRows: changes.length,
        status: o!.status,
      });
      const winner = results.find((r) => r.statusCode === 200);
      expect(winner?.json().status).toBe(o!.status);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().message).toMatch(/^Cannot change order status from /);
    }
    console.info(`[concurrency ${TEST_DB}]`, JSON.stringify(summary));
    for (const s of summary)
      expect(s).toMatchObject({ ok: 1, conflict: REQUESTS - 1, other: 0, historyRows: 1 });
  });
});
