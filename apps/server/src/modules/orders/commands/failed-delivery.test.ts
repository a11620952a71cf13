import {
  DomainError,
  FAILED_DELIVERY_REASONS,
  type FailedDeliveryReason,
  type OrderStatus,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RefundRequest, SandboxPaymentsAdapter } from '../../../adapters/payments/payments.ts';
import { PAYMENTS_UNAVAILABLE } from '../../../adapters/payments/payments.ts';
import { orderHistory, orders } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, buildTeammate, useTestApp } from '../../../test/harness.ts';
import { failedDeliveryRefundKey, NOT_STORE_DRIVER_MESSAGE } from './failed-delivery.ts';

/**
 * POST /m/v2/merchant/{tmk}/orders/{id}/failed_delivery over HTTP, on PGlite and PostgreSQL. Orders go the
 * real way: placed, accepted (the sandbox captures the total), sent out for delivery; the refund is what the
 * payments sandbox saw.
 */
const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let member: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let other: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let sandbox: SandboxPaymentsAdapter;
beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
  other = await buildMerchantWithOwner(t);
  sandbox = t.ctx.adapters.payments as SandboxPaymentsAdapter;
  expect(sandbox.kind).toBe('sandbox');
  // A Member (merch.user) of the owner's store.
  member = { ...owner, ...(await buildTeammate(t, owner.merchant)) };
});

type Who = { merchant: { tmk: string }; headers: Record<string, string> };
const post = (id: string, sub: string, payload: unknown, who: Who = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${who.merchant.tmk}/orders/${id}/${sub}`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });
const fail = (id: string, payload: unknown, who: Who = owner) => post(id, 'failed_delivery', payload, who);
const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const failedRows = (id: string) =>
  t.database.db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.order_id, id))
    .orderBy(orderHistory.id)
    .then((rows) => rows.filter((r) => r.action === 'delivery_failed'));

/** Placed, accepted through the API (captured by the sandbox), then out for delivery with the store's driver. */
async function outForDelivery(method: 'on_demand' | 'scheduled' = 'on_demand'): Promise<string> {
  const id = await buildOrder(t.ctx, {
    merchantTmk: owner.merchant.tmk,
    status: 'SUBMITTED',
    overrides: { delivery: { method }, courier_estimate_id: undefined },
  });
  const accepted = await t.app.inject({
    method: 'PUT',
    url: `/m/v2/orders/${id}`,
    headers: owner.headers,
    payload: { status: 'MERCHANT_ACCEPTED' },
  });
  expect(accepted.json().status).toBe('MERCHANT_ACCEPTED');
  const shipped = await post(id, 'ship', {});
  expect(shipped.json().status).toBe('MERCHANT_SHIPPED');
  return id;
}

const CANCELLING: FailedDeliveryReason[] = ['no_valid_id', 'underage'];
const RETRYING: FailedDeliveryReason[] = ['refused', 'no_one_home', 'wrong_address'];

describe('cancel with the restocking fee', () => {
  it.each(CANCELLING)(
    '%s: CANCELLED, the 20 USD fee kept, the rest refunded through the payments adapter',
    async (reason) => {
      const id = await outForDelivery();
      const before = await row(id);
      const captured = before.total_cents;
      expect(captured).toBeGreaterThan(2000);
      expect(sandbox.amounts(id)).toEqual({ capturedCents: captured, refundedCents: 0 });

      const res = await fail(id, { reason, note: 'Checked at the door' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('CANCELLED');
      expect(body.transaction.restocking_fee).toBe(20);
      expect(body.transaction.total).toBe(20);
      expect(Math.round(body.transaction.refunded * 100)).toBe(captured - 2000);
      expect(body.failed_delivery).toEqual({ attempts: 1, suggest_cancel: false });
      // The sandbox refunded exactly the captured total less the fee, in integer cents.
      expect(sandbox.amounts(id)).toEqual({ capturedCents: captured, refundedCents: captured - 2000 });
      expect(sandbox.intent(id)).toEqual({ status: 'succeeded', refunded: true });

      const after = await row(id);
      expect(after.status).toBe('CANCELLED');
      expect(after.tab).toBe('cancelled');
      expect(after.total_cents).toBe(2000);
      expect(after.aux_data).toMatchObject({ restocking_fee_cents: 2000, refunded_cents: captured - 2000 });
      const [h, ...more] = await failedRows(id);
      expect(more).toHaveLength(0);
      expect(h).toMatchObject({
        actor_type: 'merchant',
        from_status: 'MERCHANT_SHIPPED',
        to_status: 'CANCELLED',
        data: {
          reason,
          attempt: 1,
          outcome: 'cancel_with_fee',
          note: 'Checked at the door',
          captured_cents: captured,
          restocking_fee_cents: 2000,
          refund_cents: captured - 2000,
        },
      });
      const entry = body.history.find((e: { action: string }) => e.action === 'delivery_failed');
      expect(entry.failed_delivery).toEqual({ reason, attempt: 1 });
      expect(entry.comment).toContain('Checked at the door');
      expect(entry.comment).toContain('restocking fee');
    },
  );

  it('a refund the provider refuses is 422 and changes nothing', async () => {
    const id = await outForDelivery();
    const refund = sandbox.refund;
    t.ctx.adapters.payments.refund = async () => ({ ok: false, reason: 'charge_disputed' });
    try {
      const res = await fail(id, { reason: 'no_valid_id' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/refused the refund \(charge_disputed\)/);
    } finally {
      t.ctx.adapters.payments.refund = refund;
    }
    const after = await row(id);
    expect(after.status).toBe('MERCHANT_SHIPPED');
    expect(after.total_cents).toBe(sandbox.amounts(id)?.capturedCents);
    expect(after.aux_data).not.toHaveProperty('restocking_fee_cents');
    expect(await failedRows(id)).toHaveLength(0);
    expect(sandbox.amounts(id)?.refundedCents).toBe(0);
  });

  it('a payment provider that does not answer is 503 and changes nothing; a later call succeeds', async () => {
    const id = await outForDelivery();
    const refund = sandbox.refund;
    t.ctx.adapters.payments.refund = async () => {
      throw new DomainError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
    };
    try {
      const res = await fail(id, { reason: 'underage' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(PAYMENTS_UNAVAILABLE);
    } finally {
      t.ctx.adapters.payments.refund = refund;
    }
    expect((await row(id)).status).toBe('MERCHANT_SHIPPED');
    expect(await failedRows(id)).toHaveLength(0);
    const again = await fail(id, { reason: 'underage' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('CANCELLED');
  });

  it('asks the adapter for the partial amount with a key of the order', async () => {
    const id = await outForDelivery('scheduled');
    const seen: RefundRequest[] = [];
    const refund = sandbox.refund;
    t.ctx.adapters.payments.refund = async (req) => {
      seen.push(req);
      return refund(req);
    };
    try {
      expect((await fail(id, { reason: 'no_valid_id' })).statusCode).toBe(200);
    } finally {
      t.ctx.adapters.payments.refund = refund;
    }
    const captured = sandbox.amounts(id)!.capturedCents;
    expect(seen).toEqual([
      expect.objectContaining({
        orderId: id,
        amountCents: captured - 2000,
        idempotencyKey: failedDeliveryRefundKey(id),
      }),
    ]);
  });
});

describe('back to accepted for another attempt', () => {
  it.each(RETRYING)('%s: MERCHANT_ACCEPTED, the attempt in the history, no money moves', async (reason) => {
    const id = await outForDelivery();
    const captured = (await row(id)).total_cents;
    const res = await fail(id, { reason });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('MERCHANT_ACCEPTED');
    expect(body.transaction.total * 100).toBeCloseTo(captured, 6);
    expect(body.transaction).not.toHaveProperty('restocking_fee');
    expect(body.failed_delivery).toEqual({ attempts: 1, suggest_cancel: false });
    expect(body.on_track_status).not.toBeNull();
    expect(sandbox.amounts(id)).toEqual({ capturedCents: captured, refundedCents: 0 });
    const [h] = await failedRows(id);
    expect(h).toMatchObject({
      from_status: 'MERCHANT_SHIPPED',
      to_status: 'MERCHANT_ACCEPTED',
      data: { reason, attempt: 1, outcome: 'retry', note: null },
    });
    expect((await row(id)).status).toBe('MERCHANT_ACCEPTED');
  });

  it('suggests cancelling after the second failed attempt; each attempt is numbered', async () => {
    const id = await outForDelivery();
    const first = await fail(id, { reason: 'no_one_home' });
    expect(first.json().failed_delivery).toEqual({ attempts: 1, suggest_cancel: false });
    expect((await post(id, 'ship', {})).json().status).toBe('MERCHANT_SHIPPED');
    const second = await fail(id, { reason: 'wrong_address', note: 'Unit number missing' });
    expect(second.statusCode).toBe(200);
    expect(second.json().failed_delivery).toEqual({ attempts: 2, suggest_cancel: true });
    const entries = second
      .json()
      .history.filter((e: { action: string }) => e.action === 'delivery_failed')
      .map((e: { failed_delivery: unknown }) => e.failed_delivery);
    expect(entries).toEqual([
      { reason: 'no_one_home', attempt: 1 },
      { reason: 'wrong_address', attempt: 2 },
    ]);
    // A third try may still cancel with the fee; it is attempt 3.
    expect((await post(id, 'ship', {})).json().status).toBe('MERCHANT_SHIPPED');
    const third = await fail(id, { reason: 'no_valid_id' });
    expect(third.json()).toMatchObject({
      status: 'CANCELLED',
      failed_delivery: { attempts: 3, suggest_cancel: true },
    });
    // GET shows the same flag.
    const get = await t.app.inject({ method: 'GET', url: `/m/v2/orders/${id}`, headers: owner.headers });
    expect(get.json().failed_delivery).toEqual({ attempts: 3, suggest_cancel: true });
  });
});

describe('refusals', () => {
  it.each([['MERCHANT_ACCEPTED'], ['SUBMITTED'], ['CLOSED']] as [OrderStatus][])(
    'an order in %s is 409 naming the statuses',
    async (status) => {
      const id = await buildOrder(t.ctx, {
        merchantTmk: owner.merchant.tmk,
        status,
        overrides: { delivery: { method: 'on_demand' }, courier_estimate_id: undefined },
      });
      const res = await fail(id, { reason: 'no_one_home' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`Cannot change order status from ${status} to MERCHANT_ACCEPTED`);
      expect((await row(id)).status).toBe(status);
      expect(await failedRows(id)).toHaveLength(0);
    },
  );

  it('an order shipped with tracking is not the store driver: 409', async () => {
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'shipping' }, courier_estimate_id: undefined },
    });
    const shipped = await post(id, 'ship', {
      tracking_info: { tracking_provider: 'UPS', tracking_id: '1Z999AA10123456784' },
    });
    expect(shipped.json().status).toBe('MERCHANT_SHIPPED');
    const res = await fail(id, { reason: 'no_valid_id' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_STORE_DRIVER_MESSAGE);
    expect((await row(id)).status).toBe('MERCHANT_SHIPPED');
  });

  it('an order handed to a courier is not the store driver: 409, no refund', async () => {
    const id = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'on_demand' }, courier_estimate_id: undefined },
    });
    const courier = await post(id, 'courier', { courier_info: { number_of_package: 1 } });
    expect(courier.json().status).toBe('MERCHANT_SHIPPED');
    const res = await fail(id, { reason: 'underage' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_STORE_DRIVER_MESSAGE);
    expect(sandbox.amounts(id)).toBeUndefined();
    expect(await failedRows(id)).toHaveLength(0);
  });

  it.each([
    ['an unknown reason', { reason: 'lost_in_space' }],
    ['no reason', {}],
    ['a reason of the wrong type', { reason: 3 }],
  ])('%s is 400 naming reason', async (_name, payload) => {
    const id = await outForDelivery();
    const res = await fail(id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('reason');
    expect((await row(id)).status).toBe('MERCHANT_SHIPPED');
  });

  it('a note longer than the limit is 400 naming note', async () => {
    const id = await outForDelivery();
    const res = await fail(id, { reason: 'refused', note: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('note');
  });
});

describe('access', () => {
  it('a Member (merch.user) may record it; the reasons are all accepted', async () => {
    expect(FAILED_DELIVERY_REASONS).toHaveLength(5);
    const id = await outForDelivery();
    const res = await fail(id, { reason: 'refused' }, member);
    expect(res.statusCode).toBe(200);
    const [h] = await failedRows(id);
    expect(h?.actor_user_id).toBe(member.user.id);
  });

  it('no session is 401; another merchant is 404 (its key or ours); nothing changes', async () => {
    const id = await outForDelivery();
    const anon = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/failed_delivery`,
      payload: { reason: 'no_valid_id' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await fail(id, { reason: 'no_valid_id' }, other)).statusCode).toBe(404);
    const crossed = await fail(
      id,
      { reason: 'no_valid_id' },
      { merchant: owner.merchant, headers: other.headers },
    );
    expect([403, 404]).toContain(crossed.statusCode);
    expect((await row(id)).status).toBe('MERCHANT_SHIPPED');
    expect(sandbox.amounts(id)?.refundedCents).toBe(0);
  });
});

describe('double click', () => {
  it('two concurrent retries: one takes effect, the other is 409', async () => {
    const id = await outForDelivery();
    const answers = await Promise.all([
      fail(id, { reason: 'no_one_home' }),
      fail(id, { reason: 'no_one_home' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await failedRows(id)).toHaveLength(1);
    expect((await row(id)).status).toBe('MERCHANT_ACCEPTED');
  });

  it('two concurrent cancellations: one refund, one cancellation, the other is 409', async () => {
    const id = await outForDelivery();
    const captured = (await row(id)).total_cents;
    const answers = await Promise.all([
      fail(id, { reason: 'no_valid_id' }),
      fail(id, { reason: 'no_valid_id' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(sandbox.amounts(id)).toEqual({ capturedCents: captured, refundedCents: captured - 2000 });
    expect(await failedRows(id)).toHaveLength(1);
    const after = await row(id);
    expect(after.status).toBe('CANCELLED');
    expect(after.total_cents).toBe(2000);
  });
});
