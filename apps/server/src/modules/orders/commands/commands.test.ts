import {
  canTransition,
  ORDER_STATUSES,
  type OrderStatus,
  PRESALE_MESSAGE,
  PRICE_UNCHANGED_MESSAGE,
  REJECT_OTHER_MESSAGE,
  REMOVE_ALL_ITEMS_MESSAGE,
  trackingAcceptsFirst,
  transitionError,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderItems, orders } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let other: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
  other = await buildMerchantWithOwner(t);
});

const order = (status?: OrderStatus, overrides?: Parameters<typeof buildOrder>[1]['overrides']) =>
  buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status, overrides });
const put = (id: string, payload: Record<string, unknown>, headers = owner.headers) =>
  t.app.inject({ method: 'PUT', url: `/m/v2/orders/${id}`, headers, payload });
const post = (id: string, sub: string, payload: Record<string, unknown>, who = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${who.merchant.tmk}/orders/${id}/${sub}`,
    headers: who.headers,
    payload,
  });
const history = (id: string) =>
  t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id)).orderBy(orderHistory.id);
const statusOf = async (id: string) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const itemsOf = (id: string) =>
  t.database.db.select().from(orderItems).where(eq(orderItems.order_id, id)).orderBy(orderItems.position);

/** A body that asks for `to` with the data that status needs. */
async function bodyFor(id: string, to: OrderStatus): Promise<Record<string, unknown>> {
  if (to === 'MERCHANT_REJECTED') return { status: to, reason: 'store_closed' };
  if (to === 'REJECTED_PARTIAL') {
    const [item] = await itemsOf(id);
    return {
      status: to,
      items: [{ id: item!.id, statuslist: ['OUT_OF_STOCK'] }],
      rejection_message: {
        outOfStock: {
          [item!.id]: { checked: true, message: 'Item can be obtained and shipped within 48 hrs.' },
        },
      },
    };
  }
  if (to === 'MERCHANT_SHIPPED')
    return { status: to, tracking_info: { tracking_provider: 'UPS', tracking_id: '1Z 999 AA1 0123456784' } };
  if (to === 'CLOSED')
    return {
      status: to,
      delivery_info: {
        signed_by: 'Ann',
        delivered_by: 'Bo',
        delivered_on: new Date().toISOString(),
        // Own-driver orders need the ID check at the door (age-check.test.ts covers the rule).
        age_verification: { birth_date: '1990-04-01', id_type: 'passport', checked_by: 'Bo' },
      },
    };
  return { status: to };
}

describe('GET /m/v2/orders/{id}', () => {
  it('returns the order with items, money, maps, parsed rejection_message and history', async () => {
    const id = await order('SUBMITTED', {
      items: [
        {
          name: 'Bourbon',
          quantity: 2,
          price: 40,
          discount: 0,
          engraving_price: 15,
          engraving_message: ['Happy', 'Birthday'],
        },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: `/m/v2/orders/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      status: 'SUBMITTED',
      rejection_message: {},
      timezone: 'America/New_York',
    });
    expect(body.items).toHaveLength(2);
    const child = body.items.find((i: { parent_line_item_id: string | null }) => i.parent_line_item_id);
    expect(child).toMatchObject({ name: 'Engraving', quantity: 2, price: 15 });
    expect(body.maps).toMatchObject({
      width: 640,
      height: 480,
      zoom: 16,
      static_map_url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/map`,
    });
    expect(body.maps.directions_url).toContain('google.com/maps/dir');
    expect(body.history).toEqual([
      expect.objectContaining({ action: 'placed', from_status: null, to_status: 'SUBMITTED' }),
    ]);
    expect(body.on_track_status).toMatchObject({ type: expect.stringMatching(/^SLA[012]$/) });
  });

  it('is 401 without a token and 404 for another merchant', async () => {
    const id = await order('SUBMITTED');
    expect((await t.app.inject({ method: 'GET', url: `/m/v2/orders/${id}` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `/m/v2/orders/${id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
  });

  it('serves the static map as a 640x480 PNG, scoped to the merchant', async () => {
    const id = await order('SUBMITTED');
    const res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/map`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 480]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${other.merchant.tmk}/orders/${id}/map`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PUT /m/v2/orders/{id}: every merchant target from every status', () => {
  const targets: OrderStatus[] = [
    'MERCHANT_ACCEPTED',
    'MERCHANT_REJECTED',
    'REJECTED_PARTIAL',
    'MERCHANT_SHIPPED',
    'CLOSED',
    'CANCELLED',
  ];
  for (const from of ORDER_STATUSES) {
    for (const to of targets) {
      // Tracking on a payment-approved or -submitted order accepts, then ships: tested in 'accept' below.
      if (to === 'MERCHANT_SHIPPED' && trackingAcceptsFirst(from)) continue;
      const allowed = canTransition('merchant', from, to);
      it(`${from} -> ${to}: ${allowed ? '200 with one history row' : '409 naming both statuses'}`, async () => {
        const id = await order(from);
        const before = (await history(id)).length;
        const res = await put(id, await bodyFor(id, to));
        if (allowed) {
          expect(res.statusCode).toBe(200);
          expect(res.json().status).toBe(to);
          const rows = await history(id);
          expect(rows).toHaveLength(before + 1);
          expect(rows.at(-1)).toMatchObject({ actor_type: 'merchant', from_status: from, to_status: to });
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toBe(transitionError(from, to));
          expect(await statusOf(id)).toBe(from);
          expect(await history(id)).toHaveLength(before);
        }
      });
    }
  }
});

describe('accept', () => {
  it('captures the payment and records who accepted', async () => {
    const id = await order('SUBMITTED');
    const res = await put(id, { status: 'MERCHANT_ACCEPTED' });
    expect(res.statusCode).toBe(200);
    const last = (await history(id)).at(-1)!;
    expect(last).toMatchObject({ action: 'accept', actor_name: 'Test User', actor_user_id: owner.user.id });
    expect(last.data).toMatchObject({ capture_ref: expect.stringContaining('ch_sandbox_') });
  });

  it('a declined capture makes the order PAYMENT_DECLINED (answered 200 with that status)', async () => {
    const id = await order('SUBMITTED', { payment_behavior: 'decline' });
    const res = await put(id, { status: 'MERCHANT_ACCEPTED' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('PAYMENT_DECLINED');
    expect((await history(id)).at(-1)).toMatchObject({
      actor_type: 'marketplace',
      actor_name: 'Payments',
      from_status: 'SUBMITTED',
      to_status: 'PAYMENT_DECLINED',
    });
  });

  it('tracking on a payment-approved order accepts it (capturing the payment), then ships it', async () => {
    const id = await order('PAYMENT_APPROVED', { delivery: { method: 'shipping' } });
    const res = await put(id, await bodyFor(id, 'MERCHANT_SHIPPED'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'MERCHANT_SHIPPED', tracking_provider: 'UPS' });
    const steps = (await history(id))
      .filter((h) => h.action !== 'placed')
      .map((h) => [h.action, h.to_status]);
    expect(steps.slice(-2)).toEqual([
      ['accept', 'MERCHANT_ACCEPTED'],
      ['ship', 'MERCHANT_SHIPPED'],
    ]);
    expect((await history(id)).find((h) => h.action === 'accept')?.data).toMatchObject({
      capture_ref: expect.stringContaining('ch_sandbox_'),
    });
  });

  it('tracking on a payment-approved order whose capture is declined leaves it declined and unshipped', async () => {
    const id = await order('PAYMENT_APPROVED', {
      payment_behavior: 'decline',
      delivery: { method: 'shipping' },
    });
    const res = await put(id, await bodyFor(id, 'MERCHANT_SHIPPED'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PAYMENT_DECLINED', tracking_id: null });
  });

  it('tracking on a submitted order (no payment yet) is refused, and changes nothing', async () => {
    const id = await order('SUBMITTED', { delivery: { method: 'shipping' } });
    const res = await put(id, await bodyFor(id, 'MERCHANT_SHIPPED'));
    expect(res.statusCode).toBe(409);
    expect((await history(id)).map((h) => h.action)).toEqual(['placed']);
  });

  it('holds no transaction open during the capture', async () => {
    const id = await order('SUBMITTED');
    const capture = t.ctx.adapters.payments.capture;
    let inTx = -1;
    t.ctx.adapters.payments.capture = async (req) => {
      // A second connection can change the row meanwhile: nothing is locked.
      await t.database.db.update(orders).set({ printed_timestamp: new Date() }).where(eq(orders.id, id));
      inTx = 0;
      return capture(req);
    };
    try {
      expect((await put(id, { status: 'MERCHANT_ACCEPTED' })).statusCode).toBe(200);
      expect(inTx).toBe(0);
    } finally {
      t.ctx.adapters.payments.capture = capture;
    }
  });

  it('a change during the capture wins: the accept is refused with 409', async () => {
    const id = await order('SUBMITTED');
    const capture = t.ctx.adapters.payments.capture;
    t.ctx.adapters.payments.capture = async (req) => {
      await put(id, { status: 'MERCHANT_REJECTED', reason: 'bad_weather' });
      return capture(req);
    };
    try {
      const res = await put(id, { status: 'MERCHANT_ACCEPTED' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(transitionError('MERCHANT_REJECTED', 'MERCHANT_ACCEPTED'));
    } finally {
      t.ctx.adapters.payments.capture = capture;
    }
  });
});

describe('reject and item problems', () => {
  it("stores the reason, the comment and rejection_message ('other' keeps the text)", async () => {
    const id = await order('SUBMITTED');
    const res = await put(id, {
      status: 'MERCHANT_REJECTED',
      reason: 'other',
      other_reason: 'Delivery area flooded',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_REJECTED',
      status_recent_comment: 'Delivery area flooded',
      rejection_message: { rejected: { reason: 'other', message: 'Delivery area flooded' } },
    });
  });

  it('REJECTED_MERCHANT is accepted as an alias', async () => {
    const id = await order('SUBMITTED');
    const res = await put(id, { status: 'REJECTED_MERCHANT' });
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_REJECTED',
      status_recent_comment: 'Customer cancelled',
    });
  });

  it('wrong price: on hold, statuslist set, rejection_message parsed from a JSON string, readable comment', async () => {
    const id = await order('SUBMITTED');
    const [item] = await itemsOf(id);
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: item!.id, statuslist: ['WRONG_PRICE'] }],
      rejection_message: JSON.stringify({ wrongPrice: { [item!.id]: { checked: true, price: '42.5' } } }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rejection_message).toEqual({ wrongPrice: { [item!.id]: { checked: true, price: 42.5 } } });
    expect(body.status_recent_comment).toBe(`Wrong price: ${item!.name}, new price $42.50.`);
    expect(body.items[0].status_list).toEqual(['WRONG_PRICE']);
    // The history entry carries the problem, so its title reads 'Put on hold: wrong price'.
    expect(body.history.at(-1)).toMatchObject({ action: 'reject_items', item_problems: ['WRONG_PRICE'] });
  });

  it('wrong price equal to the current price: 400 naming the price, nothing changes', async () => {
    const id = await order('SUBMITTED');
    const [item] = await itemsOf(id);
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: item!.id, statuslist: ['WRONG_PRICE'] }],
      rejection_message: { wrongPrice: { [item!.id]: { checked: true, price: item!.price_cents / 100 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(`rejection_message.wrongPrice.${item!.id}.price`);
    expect(JSON.stringify(res.json())).toContain(PRICE_UNCHANGED_MESSAGE);
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect((await history(id)).map((h) => h.action)).not.toContain('reject_items');
  });

  it('out of stock with removal', async () => {
    const id = await order('SUBMITTED');
    const [, item] = await itemsOf(id);
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: item!.id, statuslist: ['OUT_OF_STOCK'] }],
      rejection_message: {
        outOfStock: {
          [item!.id]: {
            checked: true,
            message: 'Item is not available and will be removed from the order.',
            value: 'unavailable',
          },
        },
      },
    });
    expect(res.json().status_recent_comment).toContain('will be removed from the order');
  });

  it("'Not available' takes the item out of the items and totals with the hold; the history keeps it", async () => {
    const id = await order('SUBMITTED', {
      transaction: { tax: 12.34, delivery_fee: 5, shipping: 0, tip: 3 },
    });
    const [bourbon, champagne] = await itemsOf(id);
    // 2 × $39.99 + 1 × $59.00 = $138.98; tax $12.34; total $138.98 + 12.34 + 5 + 3 = $159.32.
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: champagne!.id, statuslist: ['OUT_OF_STOCK'] }],
      rejection_message: {
        outOfStock: {
          [champagne!.id]: {
            checked: true,
            message: 'Item is not available and will be removed from the order.',
            value: 'unavailable',
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('REJECTED_PARTIAL');
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([bourbon!.id]);
    // Subtotal $79.98; tax scales with it: round(1234 × 7998 / 13898) = 710 cents; fee and tip stay.
    expect(body.transaction).toMatchObject({ subtotal: 79.98, tax: 7.1, total: 95.08 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ subtotal_cents: 7998, tax_cents: 710, total_cents: 9508, item_quantity: 2 });
    const last = (await history(id)).at(-1)!;
    expect(last.action).toBe('reject_items');
    expect(last.data).toMatchObject({
      removed_items: [{ id: champagne!.id, name: champagne!.name, quantity: 1, subtotal_cents: 5900 }],
    });
  });

  it("'Available within 48 hrs' keeps the item and the totals", async () => {
    const id = await order('SUBMITTED');
    const before = (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const [, item] = await itemsOf(id);
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: item!.id, statuslist: ['OUT_OF_STOCK'] }],
      rejection_message: { outOfStock: { [item!.id]: { checked: true, value: 'available_48h' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(2);
    const after = (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    expect(after.total_cents).toBe(before.total_cents);
  });

  it("every item 'Not available' is a 400 (reject the order instead) and changes nothing", async () => {
    const id = await order('SUBMITTED');
    const items = await itemsOf(id);
    const gone = { checked: true, value: 'unavailable' };
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: items.map((i) => ({ id: i.id, statuslist: ['OUT_OF_STOCK'] })),
      rejection_message: { outOfStock: Object.fromEntries(items.map((i) => [i.id, gone])) },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(REMOVE_ALL_ITEMS_MESSAGE);
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(await itemsOf(id)).toHaveLength(2);
  });

  it('an item of another order is 400 and changes nothing', async () => {
    const id = await order('SUBMITTED');
    const res = await put(id, {
      status: 'REJECTED_PARTIAL',
      items: [{ id: '00000000-0000-4000-8000-000000000000', statuslist: ['OUT_OF_STOCK'] }],
      rejection_message: { outOfStock: { '00000000-0000-4000-8000-000000000000': { checked: true } } },
    });
    expect(res.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('SUBMITTED');
  });
});

describe('bad input: 400 naming the field, nothing changes', () => {
  const cases: [string, (id: string, itemId: string) => Record<string, unknown>, string, string | RegExp][] =
    [
      [
        'an empty other reason',
        () => ({ status: 'MERCHANT_REJECTED', reason: 'other', other_reason: '   ' }),
        'other_reason',
        REJECT_OTHER_MESSAGE,
      ],
      [
        'a tracking number over 30 characters',
        () => ({
          status: 'MERCHANT_SHIPPED',
          tracking_info: { tracking_provider: 'UPS', tracking_id: 'X'.repeat(31) },
        }),
        'tracking_info.tracking_id',
        /at most 30/,
      ],
      [
        'a missing tracking number',
        () => ({ status: 'MERCHANT_SHIPPED', tracking_info: { tracking_provider: 'UPS', tracking_id: ' ' } }),
        'tracking_info.tracking_id',
        '* Please fill in all the fields',
      ],
      [
        'OTHER without its name and url',
        () => ({
          status: 'MERCHANT_SHIPPED',
          tracking_info: { tracking_provider: 'OTHER', tracking_id: 'AB1' },
        }),
        'tracking_info.other_tracking_provider',
        '* Please fill in all the fields',
      ],
      [
        'a price that is not a number',
        (_id, itemId) => ({
          status: 'REJECTED_PARTIAL',
          items: [{ id: itemId, statuslist: ['WRONG_PRICE'] }],
          rejection_message: { wrongPrice: { [itemId]: { checked: true, price: 'abc' } } },
        }),
        'rejection_message.wrongPrice.',
        'Only numbers are accepted.',
      ],
      ['an unknown status', () => ({ status: 'SHIPPED_BY_MAGIC' }), 'status', /.+/],
    ];
  for (const [name, body, path, message] of cases) {
    it(name, async () => {
      const id = await order(
        name.includes('tracking') || name.includes('OTHER') ? 'MERCHANT_ACCEPTED' : 'SUBMITTED',
      );
      const before = await statusOf(id);
      const [item] = await itemsOf(id);
      const res = await put(id, body(id, item!.id));
      expect(res.statusCode).toBe(400);
      const err = res.json().errors.find((e: { path: string }) => e.path.startsWith(path));
      expect(err, JSON.stringify(res.json())).toBeDefined();
      expect(err.message).toMatch(message);
      expect(await statusOf(id)).toBe(before);
    });
  }

  it('a zero package count for the courier', async () => {
    const id = await order('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const res = await post(id, 'courier', {
      courier_info: { number_of_package: 0, dispatch_type: 'immediate' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'courier_info.number_of_package',
      message: 'The number of packages must be greater than 0',
    });
    expect(await statusOf(id)).toBe('MERCHANT_ACCEPTED');
  });
});

describe('ship, deliver, courier, data', () => {
  it('tracking entry ships with the carrier URL and a shipment entry', async () => {
    const id = await order('MERCHANT_ACCEPTED');
    const res = await put(id, {
      status: 'MERCHANT_SHIPPED',
      tracking_info: { tracking_provider: 'FedEx', tracking_id: '7712 3456 7890' },
    });
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_SHIPPED',
      tracking_provider: 'FedEx',
      tracking_id: '771234567890',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=771234567890',
      shipment_info: [expect.objectContaining({ carrier: 'FedEx', tracking_code: '771234567890' })],
    });
  });

  it('OTHER carrier keeps its name and URL', async () => {
    const id = await order('MERCHANT_ACCEPTED');
    const res = await put(id, {
      status: 'MERCHANT_SHIPPED',
      tracking_info: {
        tracking_provider: 'OTHER',
        tracking_id: 'LS-1',
        other_tracking_provider: 'LaserShip',
        tracking_url: 'https://lasership.example/LS-1',
      },
    });
    expect(res.json()).toMatchObject({
      other_tracking_provider: 'LaserShip',
      tracking_url: 'https://lasership.example/LS-1',
    });
  });

  it('out for delivery through the ship endpoint, then delivered with details', async () => {
    const id = await order('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const shipped = await post(id, 'ship', { status: 'MERCHANT_SHIPPED' });
    expect(shipped.json().status).toBe('MERCHANT_SHIPPED');
    const closed = await put(id, {
      status: 'CLOSED',
      delivery_info: {
        signed_by: 'Ann Lee',
        delivered_by: 'Bo',
        delivered_on: '2025-06-12T18:30:00.000Z',
        age_verification: { birth_date: '1990-04-01', id_type: 'drivers_license', checked_by: 'Bo' },
      },
    });
    expect(closed.json()).toMatchObject({
      status: 'CLOSED',
      delivery_details: {
        signed_by: 'Ann Lee',
        delivered_by: 'Bo',
        delivered_on: '2025-06-12T18:30:00.000Z',
      },
    });
    expect((await history(id)).map((h) => h.action).slice(-2)).toEqual(['out_for_delivery', 'delivered']);
  });

  it('a presale order more than 10 days out cannot ship, by any path', async () => {
    const far = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    const id = await order('MERCHANT_ACCEPTED', {
      delivery: { method: 'preorder' },
      items: [
        {
          name: 'Futures Bordeaux',
          quantity: 1,
          price: 90,
          discount: 0,
          engraving_price: 15,
          preorder_type: 'preorder',
          preorder_available_date: far,
        },
      ],
    });
    const res = await put(id, await bodyFor(id, 'MERCHANT_SHIPPED'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${transitionError('MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED')}: ${PRESALE_MESSAGE}`,
    );
    expect((await post(id, 'ship', {})).statusCode).toBe(409);
    expect(await statusOf(id)).toBe('MERCHANT_ACCEPTED');
  });

  it('courier pickup: courier assigned, MERCHANT_SHIPPED, instructions saved for future', async () => {
    const id = await order('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const res = await post(id, 'courier', {
      courier_info: {
        dispatch_type: 'immediate',
        number_of_package: 2,
        pickup_instructions: 'Back door',
        save_instructions: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_SHIPPED',
      courier_info: {
        order_status: 'PICKUP_REQUESTED',
        number_of_packages: 2,
        provider: 'Sandbox Courier',
        tracking_url: expect.stringContaining('/v1/sandbox/courier/'),
      },
      aux_data: { courier_pick_instructions: 'Back door' },
    });
    // again: the table refuses
    const again = await post(id, 'courier', {
      courier_info: { dispatch_type: 'immediate', number_of_package: 2 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('the courier refusing is a 400 with its message, and nothing changes', async () => {
    const id = await order('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const res = await post(id, 'courier', {
      courier_info: { dispatch_type: 'immediate', number_of_package: 11 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 10 packages/);
    expect(await statusOf(id)).toBe('MERCHANT_ACCEPTED');
  });

  it('a shipping order cannot call a courier', async () => {
    const id = await order('MERCHANT_ACCEPTED', { delivery: { method: 'shipping' } });
    expect((await post(id, 'courier', { courier_info: { number_of_package: 1 } })).statusCode).toBe(409);
  });

  it('tracking edit while shipped keeps the status and writes history; refused while new', async () => {
    const id = await order('MERCHANT_SHIPPED');
    const res = await post(id, 'data', { tracking_provider: 'UPS', tracking_id: '1Z12345E0205271688' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_SHIPPED',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z12345E0205271688',
    });
    expect((await history(id)).at(-1)).toMatchObject({
      action: 'tracking_updated',
      from_status: 'MERCHANT_SHIPPED',
      to_status: 'MERCHANT_SHIPPED',
    });
    const fresh = await order('SUBMITTED');
    expect((await post(fresh, 'data', { tracking_provider: 'UPS', tracking_id: '1Z' })).statusCode).toBe(409);
    const long = await post(id, 'data', { tracking_provider: 'UPS', tracking_id: '1'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('tracking_id');
  });

  it('rejection_message saved as a JSON string is returned parsed', async () => {
    const id = await order('SUBMITTED');
    const [item] = await itemsOf(id);
    const res = await post(id, 'data', {
      rejection_message: JSON.stringify({ wrongPrice: { [item!.id]: { checked: true, price: 10 } } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rejection_message).toEqual({
      wrongPrice: { [item!.id]: { checked: true, price: 10 } },
    });
  });

  it("another merchant's order is 404 on every command", async () => {
    const id = await order('SUBMITTED');
    expect((await put(id, { status: 'MERCHANT_ACCEPTED' }, other.headers)).statusCode).toBe(404);
    expect((await post(id, 'data', { delivery_instructions: 'x' }, other)).statusCode).toBe(404);
    expect((await post(id, 'courier', { courier_info: { number_of_package: 1 } }, other)).statusCode).toBe(
      404,
    );
    expect((await post(id, 'ship', {}, other)).statusCode).toBe(404);
    // and with this merchant's key in the path but the other's token: 404 too
    const res = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/ship`,
      headers: other.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('SUBMITTED');
  });
});

describe('OpenAPI', () => {
  it('documents the order routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/m/v2/orders/{id}', '/m/v2/merchant/{tmk}/orders/{id}/courier']),
    );
  });
});
