import { MSG, PHONE_NUMBER_MESSAGE } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import { orders } from '../../db/schema.ts';
import { SAMPLE_ADDRESS } from '../../pdf/test-fixtures.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let orderId: string;

beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
  orderId = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
  await t.database.db
    .update(orders)
    .set({
      recipient: sql`${orders.recipient} || ${JSON.stringify({
        first_name: '<script>alert(1)</script>',
        last_name: '{{7*7}}',
        ...SAMPLE_ADDRESS,
      })}::jsonb`,
    })
    .where(eq(orders.id, orderId));
});

const send = (payload: object, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/m/v2/sms', headers, payload });

const smsCount = async () => (await listOutbox(t.database.db)).filter((m) => m.kind === 'sms').length;

describe(`POST /m/v2/sms (${TEST_DB})`, () => {
  it("texts the order's directions (name, address, phone, maps link) to the number in E.164", async () => {
    const res = await send({ number: '(646) 555-0199', order_id: orderId, message: 'ignored <b>spam</b>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe('+16465550199');
    const [sms] = (await listOutbox(t.database.db)).filter((m) => m.kind === 'sms');
    expect(sms?.to).toBe('+16465550199');
    expect(sms?.text).toContain('<script>alert(1)</script> {{7*7}}');
    expect(sms?.text).toContain('350 Fifth Avenue, Suite 4100, New York, NY 10118');
    expect(sms?.text).toContain('(212) 555-0147');
    expect(sms?.text).toContain('https://www.google.com/maps/dir/?api=1&destination=350%20Fifth%20Avenue');
    expect(sms?.text).not.toContain('spam');
  });

  it.each(['123', '555-0199', 'not a phone', '+44 12', ''])(
    'refuses %j with 400 and sends nothing',
    async (number) => {
      const before = await smsCount();
      const res = await send({ number, order_id: orderId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PHONE_NUMBER_MESSAGE);
      expect(await smsCount()).toBe(before);
    },
  );

  it("is 401 without a token and 404 for another merchant's order", async () => {
    expect((await send({ number: '6465550199', order_id: orderId }, {})).statusCode).toBe(401);
    const other = await buildMerchantWithOwner(t);
    expect((await send({ number: '6465550199', order_id: orderId }, other.headers)).statusCode).toBe(404);
  });

  it("answers with the spec's failure text when the SMS provider fails", async () => {
    const sms = t.ctx.adapters.sms;
    t.ctx.adapters.sms = {
      kind: 'sandbox',
      send: async () => Promise.reject(new Error('provider down')),
      findSent: async () => false,
    };
    try {
      const res = await send({ number: '6465550199', order_id: orderId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.DIRECTIONS_SEND_FAILED);
    } finally {
      t.ctx.adapters.sms = sms;
    }
  });
});
