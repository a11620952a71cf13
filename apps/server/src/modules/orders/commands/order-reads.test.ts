/**
 * How often one order change reads the order row (docs/decisions/0128): the command reads what it checks,
 * its write returns the row it wrote, and the answer's detail is built from that row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchantWithOwner, buildOrder, createTestApp, type TestApp } from '../../../test/harness.ts';

const log: string[] = [];
let t: TestApp;
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
beforeAll(async () => {
  t = await createTestApp({ queryLog: log });
  owner = await buildMerchantWithOwner(t);
});
afterAll(async () => t?.close());

/** Statements of a request that read the orders table (a join from it counts; an UPDATE … RETURNING does not). */
const orderReads = () => log.filter((q) => /^\s*select\b[\s\S]*?\bfrom "orders"/i.test(q));

async function readsOf(send: () => Promise<{ statusCode: number }>) {
  log.length = 0;
  const res = await send();
  expect(res.statusCode).toBe(200);
  return orderReads().length;
}

const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/m/v2/orders/${id}`, headers: owner.headers, payload });
const post = (id: string, sub: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/${sub}`,
    headers: owner.headers,
    payload,
  });
const order = (status: Parameters<typeof buildOrder>[1]['status']) =>
  buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status });

describe('reads of the order row per change', () => {
  // A change with an outgoing event reads the order once more, in its transaction, for the event's payload
  // (the order as written, docs/decisions/0138): two reads where decision 0128 left one.
  it('an accept reads the order twice (the check before the capture, its event); its answer is the accepted order', async () => {
    const id = await order('SUBMITTED');
    log.length = 0;
    const res = await put(id, { status: 'MERCHANT_ACCEPTED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'MERCHANT_ACCEPTED', version: 2 });
    expect(res.json().history.at(-1)).toMatchObject({ action: 'accept', to_status: 'MERCHANT_ACCEPTED' });
    expect(orderReads()).toHaveLength(2);
  });

  it('a declined accept reads it once (no event)', async () => {
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'SUBMITTED',
      overrides: { payment_behavior: 'decline' },
    });
    expect(await readsOf(() => put(id, { status: 'MERCHANT_ACCEPTED' }))).toBe(1);
  });

  it('a reject, a tracking edit and a ship read it twice each (the change, its event)', async () => {
    const submitted = await order('SUBMITTED');
    expect(await readsOf(() => put(submitted, { status: 'MERCHANT_REJECTED' }))).toBe(2);
    const shipped = await order('MERCHANT_SHIPPED');
    expect(
      await readsOf(() =>
        post(shipped, 'data', { tracking_provider: 'UPS', tracking_id: '1Z 999 AA1 0123456784' }),
      ),
    ).toBe(2);
    const accepted = await order('MERCHANT_ACCEPTED');
    expect(
      await readsOf(() =>
        post(accepted, 'ship', {
          tracking_info: { tracking_provider: 'UPS', tracking_id: '1Z 999 AA1 0123456784' },
        }),
      ),
    ).toBe(2);
  });

  it('the detail GET reads it once', async () => {
    const id = await order('SUBMITTED');
    expect(
      await readsOf(() => t.app.inject({ method: 'GET', url: `/m/v2/orders/${id}`, headers: owner.headers })),
    ).toBe(1);
  });
});
