import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderItems, orders } from '../db/schema.ts';
import { buildMerchant, useTestApp } from '../test/harness.ts';

const t = useTestApp();
let tmk: string;
beforeAll(async () => {
  tmk = (await buildMerchant(t.ctx)).tmk;
});

const auth = { authorization: 'Bearer demo-marketplace-key' };
const body = (overrides: Record<string, unknown> = {}) => ({
  merchant: tmk,
  application_ref: 'caskcrate',
  application_name: 'Cask & Crate',
  delivery: { method: 'on_demand' },
  recipient: {
    first_name: 'Ann',
    last_name: 'Lee',
    street_1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipcode: '10001',
    phone_number: '(212) 555-0101',
  },
  customer: { first_name: 'Ann', last_name: 'Lee', email: 'Ann.Lee@Example.com' },
  items: [
    { name: 'Bourbon', quantity: 2, price: 30, engraving_message: ['Happy 40th'], engraving_price: 10 },
    { name: 'Gin', quantity: 1, price: 25.5 },
  ],
  transaction: { tax: 5, delivery_fee: 4.99, tip: 3 },
  gift_message: '<script>alert(1)</script> {{7*7}}',
  ...overrides,
});

describe('marketplace intake', () => {
  it('needs the server credential', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/m/v2/marketplace/orders', payload: body() });
    expect(res.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: { authorization: 'Bearer nope' },
      payload: body(),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('places an order with items, engraving child line, totals and a history row', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: body(),
    });
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json();
    expect(id).toMatch(/^[A-Z0-9]{7}-[A-Z0-9]{3}-[A-Z0-9]{2}$/);
    expect(status).toBe('SUBMITTED');
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    // 2×30 + engraving 2×10 + 25.50 = 105.50; + 5 + 4.99 + 3
    expect(o?.subtotal_cents).toBe(10550);
    expect(o?.total_cents).toBe(10550 + 500 + 499 + 300);
    expect(o?.item_quantity).toBe(3);
    expect(o?.tab).toBe('active');
    expect(o?.customer_email).toBe('ann.lee@example.com');
    expect(o?.gift_message).toBe('<script>alert(1)</script> {{7*7}}');
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.order_id, id));
    const engraving = items.find((i) => i.name === 'Engraving');
    expect(engraving?.parent_line_item_id).toBe(items.find((i) => i.name === 'Bourbon')?.id);
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor_type: 'marketplace', action: 'placed', to_status: 'SUBMITTED' });
  });

  it('keeps per-tab counts through the trigger', async () => {
    const m = await buildMerchant(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: body({ merchant: m.tmk }),
    });
    const { id } = res.json();
    const counts = async () =>
      Object.fromEntries(
        (
          await t.database.query<{ tab: string; count: number }>(
            'select tab, count from merchant_tab_counts where merchant_id = $1',
            [m.id],
          )
        ).map((r) => [r.tab, Number(r.count)]),
      );
    expect(await counts()).toEqual({ active: 1 });
    const ev = await t.app.inject({
      method: 'POST',
      url: `/m/v2/marketplace/orders/${id}/events`,
      headers: auth,
      payload: { type: 'customer_cancelled', comment: 'changed mind' },
    });
    expect(ev.statusCode).toBe(200);
    expect(ev.json()).toMatchObject({ id, status: 'CANCELLED', merchant: m.tmk });
    expect(await counts()).toEqual({ active: 0, cancelled: 1 });
  });

  it('refuses an event the transition table does not allow with 409, and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: body(),
    });
    const { id } = res.json();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/m/v2/marketplace/orders/${id}/events`,
      headers: auth,
      payload: { type: 'refund' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toContain('SUBMITTED');
    expect(refund.json().message).toContain('REFUNDED');
    const [o] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(o?.status).toBe('SUBMITTED');
  });

  it('validates the body and names each bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: body({ items: [], delivery: { method: 'teleport' }, recipient: { first_name: 'A' } }),
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['items', 'delivery.method', 'recipient.last_name']));
    const unknownMerchant = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: body({ merchant: 'nope' }),
    });
    expect(unknownMerchant.statusCode).toBe(404);
    const dupId = body({ id: 'ABCDEFG-HJK-23' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/m/v2/marketplace/orders', headers: auth, payload: dupId }))
        .statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: '/m/v2/marketplace/orders', headers: auth, payload: dupId }))
        .statusCode,
    ).toBe(409);
  });
});
