import { ORDER_STATUSES } from '@mc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/harness.ts';
import { DEMO_ORDERS, DEMO_TMK, DEMO_USERS, OTHER_TMK, seedIfEmpty } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedIfEmpty(database)).toBe(true);
}, 180_000);
afterAll(async () => database?.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await database.query<T>(sql, params))[0]!;

describe('demo seed', () => {
  it('runs once: a second start finds data and seeds nothing', async () => {
    expect(await seedIfEmpty(database)).toBe(false);
  });

  it('gives the demo store 600+ orders over 60 days in every status', async () => {
    const m = await one<{ id: string }>('select id from merchants where tmk = $1', [DEMO_TMK]);
    const { n, oldest } = await one<{ n: number; oldest: Date }>(
      'select count(*)::int as n, min(date_submitted) as oldest from orders where merchant_id = $1',
      [m.id],
    );
    expect(n).toBeGreaterThanOrEqual(600);
    expect(Date.now() - new Date(oldest).getTime()).toBeGreaterThan(50 * 86400_000);
    const statuses = (
      await database.query<{ status: string }>('select distinct status from orders where merchant_id = $1', [
        m.id,
      ])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('covers every delivery method, brands, gifts, engraving, promos, distributor items and presale dates', async () => {
    const m = await one<{ id: string }>('select id from merchants where tmk = $1', [DEMO_TMK]);
    const q = (where: string) =>
      one<{ n: number }>(`select count(*)::int as n from orders o where o.merchant_id = $1 and ${where}`, [
        m.id,
      ]).then((r) => r.n);
    for (const method of ['on_demand', 'shipping', 'preorder', 'deposit'])
      expect(await q(`delivery_method = '${method}'`), method).toBeGreaterThan(0);
    expect(await q(`delivery_method = 'scheduled' and courier_estimate_id is null`)).toBeGreaterThan(0);
    expect(await q(`delivery_method = 'scheduled' and courier_estimate_id is not null`)).toBeGreaterThan(0);
    expect(await q('gift_message is not null')).toBeGreaterThan(0);
    expect(await q('promo_code is not null')).toBeGreaterThan(0);
    expect(await q('has_at_distributor')).toBeGreaterThan(0);
    expect(
      await q(
        `exists (select 1 from order_items i where i.order_id = o.id and i.parent_line_item_id is not null)`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await q(
        `exists (select 1 from order_items i where i.order_id = o.id and i.aux_data ? 'preorder_available_date')`,
      ),
    ).toBeGreaterThan(0);
    const brands = await one<{ n: number }>(
      'select count(distinct application_ref)::int as n from orders where merchant_id = $1',
      [m.id],
    );
    expect(brands.n).toBeGreaterThanOrEqual(3);
    const offerings = await one<{ n: number }>(
      'select count(*)::int as n from offerings where merchant_id = $1',
      [m.id],
    );
    expect(offerings.n).toBeGreaterThanOrEqual(300);
    for (const id of Object.values(DEMO_ORDERS)) expect(await q(`id = '${id}'`), id).toBe(1);
  });

  it("makes the second store's catalogue through the catalogue sync, on the seeded products, with the seeded stock", async () => {
    const m = await one<{ id: string }>('select id from merchants where tmk = $1', [OTHER_TMK]);
    const o = await one<{ n: number; seeded: number; stocked: number; standard: number; selling: number }>(
      `select count(*)::int as n,
              count(*) filter (where p.tpk like 'TPK%')::int as seeded,
              count(*) filter (where o.quantity > 0)::int as stocked,
              count(*) filter (where o.stock_behavior = 'Standard')::int as standard,
              count(*) filter (where o.selling_with_provider)::int as selling
         from offerings o join products p on p.id = o.product_id where o.merchant_id = $1`,
      [m.id],
    );
    expect(o.n).toBe(60);
    // Every line found its seeded product: the sync made no product, line or brand of its own.
    expect(o.seeded).toBe(60);
    expect(
      (await one<{ n: number }>(`select count(*)::int as n from products where tpk like 'SYNC-%'`)).n,
    ).toBe(0);
    // The stock fields the marketplace does not send are the seed's draw, not the defaults.
    expect(o.stocked).toBeGreaterThan(0);
    expect(o.standard).toBeLessThan(60);
    expect(o.selling).toBeLessThan(60);
  });

  it('creates the documented logins for both stores', async () => {
    for (const u of DEMO_USERS) {
      const row = await one<{ roles: string[]; tmk: string }>(
        'select u.roles, m.tmk from users u join merchants m on m.id = u.authorized_merchant_id where u.email = $1',
        [u.email],
      );
      expect(row).toMatchObject({ roles: [u.role], tmk: u.tmk });
    }
    expect(
      (await one<{ n: number }>('select count(*)::int as n from merchants where tmk = $1', [OTHER_TMK])).n,
    ).toBe(1);
  });

  it("writes history as the real flow does: 'Order placed' at the order's time, first, with the flow's action names", async () => {
    const m = await one<{ id: string }>('select id from merchants where tmk = $1', [DEMO_TMK]);
    const misplaced = await one<{ n: number }>(
      `select count(*)::int as n from orders o join order_history h on h.order_id = o.id and h.action = 'placed'
        where o.merchant_id = $1 and h.created_at <> o.date_submitted`,
      [m.id],
    );
    expect(misplaced.n).toBe(0);
    const before = await one<{ n: number }>(
      `select count(*)::int as n from order_history h join order_history p on p.order_id = h.order_id
        and p.action = 'placed' join orders o on o.id = h.order_id
        where o.merchant_id = $1 and h.id <> p.id and h.created_at < p.created_at`,
      [m.id],
    );
    expect(before.n).toBe(0);
    const actions = (
      await database.query<{ action: string }>(
        'select distinct h.action from order_history h join orders o on o.id = h.order_id where o.merchant_id = $1',
        [m.id],
      )
    ).map((r) => r.action);
    // The commands' and marketplace events' names (accept-order.ts, close-order.ts, …), never a raw status.
    const flow = [
      'placed',
      'accept',
      'reject',
      'reject_items',
      'ship',
      'out_for_delivery',
      'delivered',
      'customer_cancelled',
      'payment_declined',
      'dispute',
      'refund',
      'shipping_label',
      'courier_requested',
    ];
    expect(actions.filter((a) => !flow.includes(a))).toEqual([]);
    // Each seeded 'Put on hold' stores its item problem, so the title reads 'Put on hold: wrong price'.
    const bare = await one<{ n: number; all: number }>(
      `select count(*) filter (where not (h.data->'items' is not null and h.data::text ~ '(OUT_OF_STOCK|WRONG_PRICE)'))::int as n,
        count(*)::int as all from order_history h join orders o on o.id = h.order_id
        where o.merchant_id = $1 and h.action = 'reject_items'`,
      [m.id],
    );
    expect(bare.all).toBeGreaterThan(0);
    expect(bare.n).toBe(0);
  });
});
