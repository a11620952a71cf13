import { randomUUID } from 'node:crypto';
import {
  DECLARED_VALUE_MAX_MESSAGE,
  DECLARED_VALUE_MIN_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  LABEL_ERROR_MESSAGES,
  LABEL_ERRORS_APOLOGY,
  NO_CARRIER_MESSAGE,
  ONLY_NUMBERS_MESSAGE,
  WEIGHT_MAX_MESSAGE,
  WEIGHT_MIN_MESSAGE,
  WEIGHT_REQUIRED_MESSAGE,
} from '@mc/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdapter } from '../../../adapters/carrier/carrier.ts';
import {
  carrierAccounts,
  labelErrors,
  labelPurchases,
  orderHistory,
  orders,
  shipments,
} from '../../../db/schema.ts';
import { readPdf } from '../../../pdf/test-fixtures.ts';
import { bearer, buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
let calls = 0;
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

beforeAll(async () => {
  // Count real carrier calls (the sandbox stays the implementation).
  const inner: CarrierAdapter = t.ctx.adapters.carrier;
  t.ctx.adapters.carrier = {
    kind: inner.kind,
    buyLabels: (req) => {
      calls += 1;
      return inner.buyLabels(req);
    },
    voidLabels: (req) => inner.voidLabels(req),
  };
  owner = await buildMerchantWithOwner(t);
  await t.ctx.database.db.insert(carrierAccounts).values({
    merchant_id: owner.merchant.id,
    carrier: 'UPS',
    account_number: 'SANDBOX-UPS-TEST1',
  });
});

async function acceptedOrder(
  recipient: Record<string, string> = {},
  status: 'MERCHANT_ACCEPTED' | 'SUBMITTED' = 'MERCHANT_ACCEPTED',
) {
  const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status });
  if (Object.keys(recipient).length) {
    await t.database.db
      .update(orders)
      .set({ recipient: sql`${orders.recipient} || ${JSON.stringify(recipient)}::jsonb` })
      .where(eq(orders.id, id));
  }
  return id;
}

const url = (id: string, tmk = owner.merchant.tmk) => `/m/v2/merchant/${tmk}/orders/${id}/labels`;

function buy(id: string, payload: unknown, key: string | null = randomUUID(), headers = owner.headers) {
  return t.app.inject({
    method: 'POST',
    url: url(id),
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
}

async function purchasesOf(id: string) {
  const [p] = await t.database.db
    .select({ n: count() })
    .from(labelPurchases)
    .where(eq(labelPurchases.order_id, id));
  const [s] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.order_id, id));
  return { purchases: Number(p?.n), shipments: Number(s?.n) };
}

describe(`POST …/labels (${TEST_DB})`, () => {
  it('buys one label per box, ships the order with its tracking, and serves each PDF', async () => {
    const id = await acceptedOrder();
    const before = calls;
    const res = await buy(id, [{ weight: 3.1 }, { weight: 3.1, insurance: 120 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(calls - before).toBe(1);
    const body = res.json();
    expect(body.status).toBe('MERCHANT_SHIPPED');
    expect(body.shipping_labels).toHaveLength(2);
    expect(body.shipping_labels[0].tracking_code).toMatch(/^1Z[0-9A-Z]{16}$/);
    expect(body.shipping_labels[1].insurance).toBe(120);
    expect(body.tracking_provider).toBe('UPS');
    expect(body.tracking_id).toBe(body.shipping_labels[0].tracking_code);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('MERCHANT_SHIPPED');
    expect(row?.tracking_id).toBe(body.tracking_id);
    expect(row?.tracking_url).toContain('ups.com');
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
    expect(history.at(-1)).toMatchObject({ action: 'shipping_label', to_status: 'MERCHANT_SHIPPED' });

    const list = await t.app.inject({ method: 'GET', url: url(id), headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);

    // The signed link opens without a token; the PDF is a 4×6 label with the tracking number.
    const label = body.shipping_labels[1];
    const pdf = await t.app.inject({ method: 'GET', url: label.label_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${id}_${label.tracking_code}_Label.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await readPdf(pdf.rawPayload, { sizes: true });
    expect(text.sizes[0]).toEqual({ width: 288, height: 432 });
    expect(text.text).toContain('BOX 2 OF 2');
    expect(text.text.replace(/\s/g, '')).toContain(label.tracking_code);

    // A tampered signature needs a token; with the token it works.
    const tampered = label.label_url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: tampered, headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 without an Idempotency-Key, and buys nothing', async () => {
    const id = await acceptedOrder();
    const res = await buy(id, [{ weight: 2 }], null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
    expect(await purchasesOf(id)).toEqual({ purchases: 0, shipments: 0 });
  });

  it.each([
    [[{ weight: 0 }], WEIGHT_MIN_MESSAGE],
    [[{ weight: 1_000_000 }], WEIGHT_MAX_MESSAGE],
    [[{ weight: 'heavy' }], ONLY_NUMBERS_MESSAGE],
    [[{}], WEIGHT_REQUIRED_MESSAGE],
    [[{ weight: 2, insurance: 5000 }], DECLARED_VALUE_MAX_MESSAGE],
    [[{ weight: 2, insurance: -1 }], DECLARED_VALUE_MIN_MESSAGE],
    [[{ weight: 2, insurance: 'lots' }], ONLY_NUMBERS_MESSAGE],
  ])('refuses %j with 400 %s, buying nothing', async (payload, message) => {
    const id = await acceptedOrder();
    const before = calls;
    const res = await buy(id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(calls).toBe(before);
    expect(await purchasesOf(id)).toEqual({ purchases: 0, shipments: 0 });
  });

  it('refuses more boxes than items (3 units in this order)', async () => {
    const id = await acceptedOrder();
    const res = await buy(id, [{ weight: 1 }, { weight: 1 }, { weight: 1 }, { weight: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(await purchasesOf(id)).toEqual({ purchases: 0, shipments: 0 });
  });

  it('answers 409 for an order that is not accepted, and buys nothing', async () => {
    const id = await acceptedOrder({}, 'SUBMITTED');
    const res = await buy(id, [{ weight: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot change order status from SUBMITTED to MERCHANT_SHIPPED');
    expect(await purchasesOf(id)).toEqual({ purchases: 0, shipments: 0 });
  });

  it('answers 409 with the no-carrier message for a merchant without a carrier account', async () => {
    const other = await buildMerchantWithOwner(t);
    const id = await buildOrder(t.ctx, { merchantTmk: other.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
    const res = await t.app.inject({
      method: 'POST',
      url: url(id, other.merchant.tmk),
      headers: { ...other.headers, 'idempotency-key': randomUUID() },
      payload: [{ weight: 2 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_CARRIER_MESSAGE);
  });

  it("is 401 without a token and 404 for another merchant's order", async () => {
    const id = await acceptedOrder();
    expect((await t.app.inject({ method: 'GET', url: url(id) })).statusCode).toBe(401);
    const other = await buildMerchantWithOwner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: url(id, other.merchant.tmk),
      headers: { ...other.headers, 'idempotency-key': randomUUID() },
      payload: [{ weight: 2 }],
    });
    expect(res.statusCode).toBe(404);
  });

  it('replays the same key with the same answer, and refuses it with another body (422)', async () => {
    const id = await acceptedOrder();
    const key = randomUUID();
    const first = await buy(id, [{ weight: 2 }], key);
    const again = await buy(id, [{ weight: 2.0 }], key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().shipping_labels.map((l: { id: string }) => l.id)).toEqual(
      first.json().shipping_labels.map((l: { id: string }) => l.id),
    );
    const other = await buy(id, [{ weight: 5 }], key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    expect(await purchasesOf(id)).toEqual({ purchases: 1, shipments: 1 });
  });

  it('buys exactly one label when the same key is sent 20 times in parallel', async () => {
    const id = await acceptedOrder();
    const key = randomUUID();
    const before = calls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(id, [{ weight: 4 }, { weight: 2 }], key)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    const codes = new Set(
      answers.map((a) =>
        a
          .json()
          .shipping_labels.map((l: { tracking_code: string }) => l.tracking_code)
          .join(','),
      ),
    );
    expect(codes.size).toBe(1);
    expect(answers.every((a) => a.json().shipping_labels.length === 2)).toBe(true);
    expect(answers.every((a) => a.json().idempotency_key === key)).toBe(true);
    expect(calls - before).toBe(1);
    expect(await purchasesOf(id)).toEqual({ purchases: 1, shipments: 2 });
    const history = await t.database.db
      .select({ n: count() })
      .from(orderHistory)
      .where(and(eq(orderHistory.order_id, id), eq(orderHistory.action, 'shipping_label')));
    expect(Number(history[0]?.n)).toBe(1);
  });

  it('buys once when different keys race for the same order', async () => {
    const id = await acceptedOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(id, [{ weight: 2 }])));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect((await purchasesOf(id)).shipments).toBe(1);
  });
});

describe(`label purchase errors, case by case (${TEST_DB})`, () => {
  const cases: [string, Record<string, string>, string | null, string][] = [
    ['a PO Box destination', { street_1: 'PO Box 4471', street_2: '' }, null, LABEL_ERROR_MESSAGES.PO_BOX],
    ['a missing recipient phone', { phone_number: '' }, null, LABEL_ERROR_MESSAGES.MISSING_RECIPIENT_PHONE],
    ['an invalid street line', { street_1: '12 INVALID Street' }, null, LABEL_ERROR_MESSAGES.INVALID_STREET],
    ['a carrier that does not respond', { zipcode: '00000' }, null, LABEL_ERROR_MESSAGES.NO_RESPONSE],
    [
      'a carrier not responding to the purchase',
      { zipcode: '00001' },
      null,
      LABEL_ERROR_MESSAGES.NOT_RESPONDING_PURCHASE,
    ],
    ['a general carrier failure', { street_1: '1 CARRIER-FAIL Way' }, null, LABEL_ERROR_MESSAGES.GENERAL],
    [
      'a plain carrier message',
      { street_1: '9 UNVERIFIED Rd' },
      null,
      'UPS: The destination address could not be verified',
    ],
    ['an unauthorized account', {}, 'UNAUTHORIZED-1', LABEL_ERROR_MESSAGES.UNAUTHORIZED],
    ['a locked-out user', {}, 'LOCKED-1', LABEL_ERROR_MESSAGES.LOCKED_OUT],
  ];

  it.each(cases)('%s', async (_name, recipient, account, message) => {
    const m = await buildMerchantWithOwner(t);
    await t.database.db
      .insert(carrierAccounts)
      .values({ merchant_id: m.merchant.id, carrier: 'UPS', account_number: account ?? 'SANDBOX-UPS-OK' });
    const id = await buildOrder(t.ctx, { merchantTmk: m.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
    await t.database.db
      .update(orders)
      .set({ recipient: sql`${orders.recipient} || ${JSON.stringify(recipient)}::jsonb` })
      .where(eq(orders.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: url(id, m.merchant.tmk),
      headers: { ...m.headers, 'idempotency-key': randomUUID() },
      payload: [{ weight: 2 }],
    });
    expect([422, 502]).toContain(res.statusCode);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].carrier).toBe('UPS');
    const [o] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(o?.status).toBe('MERCHANT_ACCEPTED');
    expect((await purchasesOf(id)).shipments).toBe(0);
  });

  it('shows the apology from the tenth error within four hours', async () => {
    const m = await buildMerchantWithOwner(t);
    await t.database.db
      .insert(carrierAccounts)
      .values({ merchant_id: m.merchant.id, carrier: 'FedEx', account_number: 'OK-1' });
    // Nine errors: one five hours ago (outside the window) and eight recent ones.
    await t.database.db
      .insert(labelErrors)
      .values([
        { merchant_id: m.merchant.id, code: 'PO_BOX', created_at: new Date(Date.now() - 5 * 3600_000) },
        ...Array.from({ length: 8 }, () => ({ merchant_id: m.merchant.id, code: 'PO_BOX' })),
      ]);
    const id = await buildOrder(t.ctx, { merchantTmk: m.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
    await t.database.db
      .update(orders)
      .set({ recipient: sql`${orders.recipient} || '{"street_1":"PO Box 1"}'::jsonb` })
      .where(eq(orders.id, id));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: url(id, m.merchant.tmk),
        headers: { ...m.headers, 'idempotency-key': randomUUID() },
        payload: [{ weight: 2 }],
      });
    expect((await send()).json().message).toBe(LABEL_ERROR_MESSAGES.PO_BOX); // 9 recent
    expect((await send()).json().message).toBe(LABEL_ERRORS_APOLOGY); // 10 recent
  });
});

describe('GET …/labels', () => {
  it('is empty for an order without labels', async () => {
    const id = await acceptedOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: url(id),
      headers: bearer((await buildMerchantWithOwner(t)).token),
    });
    expect(res.statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: url(id), headers: owner.headers });
    expect(mine.json()).toEqual([]);
  });
});
