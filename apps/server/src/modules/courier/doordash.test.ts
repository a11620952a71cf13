/**
 * 'Call a courier' with DoorDash configured (COURIER_API_BASE pointed at a stand-in), then DoorDash's
 * webhook updating the order's courier info; a webhook with the wrong Authorization changes nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { failHistoryWrite } from '../../test/failing-write.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, testConfig, useTestApp } from '../../test/harness.ts';
import { useStandIn } from '../../test/stand-in.ts';
import { DOORDASH_WEBHOOK_PATH } from './doordash-webhook.ts';

const WEBHOOK_AUTH = `Basic ${Buffer.from('doordash:webhook-secret-1').toString('base64')}`;
const api = useStandIn();
const t = useTestApp({
  config: () => ({
    providers: {
      ...testConfig().providers,
      courierApiBase: api.url,
      doordash: {
        developerId: 'dev-1',
        keyId: 'key-1',
        signingSecret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ',
        webhookSecret: WEBHOOK_AUTH,
      },
    },
  }),
});
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
});

const callCourier = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/courier`,
    headers: owner.headers,
    payload: { courier_info: { dispatch_type: 'immediate', number_of_package: 1 } },
  });
const webhook = (payload: object, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: DOORDASH_WEBHOOK_PATH,
    headers: authorization ? { authorization } : {},
    payload,
  });
const read = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)).limit(1))[0]!;

describe(`DoorDash courier and webhook (${TEST_DB})`, () => {
  it('books a DoorDash delivery keyed by the order, then the webhook updates the courier info', async () => {
    expect(t.ctx.adapters.courier.kind).toBe('doordash');
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'on_demand' } },
    });
    api.answer((r) => ({
      status: 200,
      body: {
        external_delivery_id: r.json().external_delivery_id,
        delivery_status: 'created',
        tracking_url: 'https://doordash.com/drive/portal/track/abc',
        pickup_time_estimated: '2026-11-23T23:15:00Z',
        dropoff_time_estimated: '2026-11-23T23:55:00Z',
      },
    }));
    const res = await callCourier(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'MERCHANT_SHIPPED',
      courier_info: {
        provider: 'DoorDash',
        delivery_id: `courier-${id}`,
        tracking_url: 'https://doordash.com/drive/portal/track/abc',
      },
    });
    expect(api.requests.at(-1)!.json().external_delivery_id).toBe(`courier-${id}`);

    const event = {
      event_name: 'DASHER_CONFIRMED',
      created_at: '2026-11-23T23:02:00Z',
      external_delivery_id: `courier-${id}`,
      dasher_name: 'Jamie R.',
      dasher_dropoff_phone_number: '+14155550111',
      pickup_time_estimated: '2026-11-23T23:12:00Z',
      tracking_url: 'https://doordash.com/drive/portal/track/abc',
    };
    // A forged or unsigned event: 401 and nothing changes.
    const before = await read(id);
    for (const auth of [undefined, 'Basic bm9wZTpub3Bl', `${WEBHOOK_AUTH}x`]) {
      const bad = await webhook(event, auth);
      expect(bad.statusCode).toBe(401);
    }
    expect((await read(id)).courier_info).toEqual(before.courier_info);

    const ok = await webhook(event, WEBHOOK_AUTH);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, matched: true });
    const after = await read(id);
    expect(after.status).toBe('MERCHANT_SHIPPED');
    expect(after.courier_info).toMatchObject({
      provider: 'DoorDash',
      order_status: 'COURIER_ASSIGNED',
      courier_name: 'Jamie R.',
      courier_phone: '+14155550111',
      estimated_pickup_time: '2026-11-23T23:12:00Z',
      number_of_packages: 1,
    });
  });

  it('a DoorDash that fails: 503 with a message, the order is unchanged', async () => {
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'on_demand' } },
    });
    api.answer(() => ({ status: 401, body: { code: 'authentication_error', message: 'bad jwt' } }));
    const res = await callCourier(id);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The courier service is not responding. Please try again.');
    const row = await read(id);
    expect(row.status).toBe('MERCHANT_ACCEPTED');
    expect(row.courier_info).toBeNull();
  });

  it('the shipment cannot be written: the delivery is cancelled at DoorDash, and the next call books the next id', async () => {
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'on_demand' } },
    });
    // DoorDash as it behaves: one delivery per external_delivery_id, kept (cancelled or not) once created.
    const deliveries = new Map<string, string>();
    api.answer((r) => {
      const cancel = r.path.match(/^\/drive\/v2\/deliveries\/([^/]+)\/cancel$/);
      if (r.method === 'PUT' && cancel) {
        deliveries.set(decodeURIComponent(cancel[1]!), 'cancelled');
        return { status: 200, body: { external_delivery_id: cancel[1], delivery_status: 'cancelled' } };
      }
      const one = r.path.match(/^\/drive\/v2\/deliveries\/([^/]+)$/);
      if (r.method === 'GET' && one) {
        const key = decodeURIComponent(one[1]!);
        return { status: 200, body: { external_delivery_id: key, delivery_status: deliveries.get(key) } };
      }
      const key = r.json().external_delivery_id as string;
      if (deliveries.has(key))
        return { status: 409, body: { code: 'duplicate_delivery_id', message: 'Delivery already exists' } };
      deliveries.set(key, 'created');
      return { status: 200, body: { external_delivery_id: key, delivery_status: 'created' } };
    });
    const from = api.requests.length;
    const restore = await failHistoryWrite(t.database, id, 'courier_requested');
    try {
      expect((await callCourier(id)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await read(id)).status).toBe('MERCHANT_ACCEPTED');
    expect(api.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /drive/v2/deliveries',
      `PUT /drive/v2/deliveries/courier-${id}/cancel`,
    ]);
    expect(deliveries.get(`courier-${id}`)).toBe('cancelled');

    const again = await callCourier(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'MERCHANT_SHIPPED',
      courier_info: { delivery_id: `courier-${id}-2` },
    });
    expect(deliveries.get(`courier-${id}-2`)).toBe('created');
  });

  it('an event for an unknown delivery is acknowledged without changes; a malformed one is a 400', async () => {
    const res = await webhook(
      { event_name: 'DASHER_PICKED_UP', external_delivery_id: 'courier-unknown' },
      WEBHOOK_AUTH,
    );
    expect(res.json()).toEqual({ received: true, matched: false });
    const bad = await webhook({ event_name: 'DASHER_PICKED_UP' }, WEBHOOK_AUTH);
    expect(bad.statusCode).toBe(400);
  });
});
