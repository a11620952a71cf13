import { randomUUID } from 'node:crypto';
import { LABEL_ERROR_MESSAGES } from '@mc/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, useTestApp } from '../test/harness.ts';
import { LABEL_DEMO_ORDERS, LABEL_DEMO_STORES } from './label-demo-orders.ts';
import { DEMO_ORDERS, DEMO_PASSWORD, DEMO_TMK, seedDemo } from './seed.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  await seedDemo(t.database, { orders: 4 });
  token = await login(t.app, 'owner@demo.test', DEMO_PASSWORD);
}, 120_000);

async function buy(orderId: string, boxes: object[], auth = token, tmk: string = DEMO_TMK) {
  return t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${tmk}/orders/${orderId}/labels`,
    headers: { authorization: `Bearer ${auth}`, 'idempotency-key': randomUUID() },
    payload: boxes,
  });
}

describe('label demo orders: each sandbox answer is reachable from the demo seed', () => {
  it.each([
    [DEMO_ORDERS.poBox, LABEL_ERROR_MESSAGES.PO_BOX],
    [LABEL_DEMO_ORDERS.noPhone, LABEL_ERROR_MESSAGES.MISSING_RECIPIENT_PHONE],
    [LABEL_DEMO_ORDERS.invalidStreet, LABEL_ERROR_MESSAGES.INVALID_STREET],
    [LABEL_DEMO_ORDERS.noResponse, LABEL_ERROR_MESSAGES.NO_RESPONSE],
    [LABEL_DEMO_ORDERS.carrierFailure, LABEL_ERROR_MESSAGES.GENERAL],
  ])('%s → %s', async (orderId, message) => {
    const res = await buy(orderId, [{ weight: 2 }]);
    expect(res.json().message).toBe(message);
  });

  it.each(
    LABEL_DEMO_STORES.map(
      (s) =>
        [s.email, s.tmk, s.order, s.account.startsWith('LOCKED') ? 'LOCKED_OUT' : 'UNAUTHORIZED'] as const,
    ),
  )('%s', async (email, tmk, orderId, code) => {
    const auth = await login(t.app, email, DEMO_PASSWORD);
    const res = await buy(orderId, [{ weight: 2 }], auth, tmk);
    expect(res.json().message).toBe(LABEL_ERROR_MESSAGES[code]);
  });

  it('sells a two-box label for the two-box demo order', async () => {
    const res = await buy(LABEL_DEMO_ORDERS.twoBox, [{ weight: 4.65 }, { weight: 4.65 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipping_labels).toHaveLength(2);
  });
});
