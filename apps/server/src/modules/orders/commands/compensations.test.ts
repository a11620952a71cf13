/**
 * Each command with an outside effect, with the database write after the provider call made to fail (a
 * trigger raising on that history row, or the order moved meanwhile): the step's compensation reaches the
 * provider's sandbox, is logged, and the original error is what the caller sees.
 */
import { DomainError } from '@mc/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCourierAdapter } from '../../../adapters/courier/courier.ts';
import type { PaymentsAdapter, SandboxPaymentsAdapter } from '../../../adapters/payments/payments.ts';
import { orders } from '../../../db/schema.ts';
import { setServerErrorReporter } from '../../../lib/error-reporting.ts';
import { callerOf, failHistoryWrite, isFailedWrite, recordingStepLog } from '../../../test/failing-write.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { acceptOrder } from './accept-order.ts';
import type { Caller } from './command-context.ts';
import { recordFailedDelivery } from './failed-delivery.ts';
import { requestCourier } from './request-courier.ts';
import { shipOrder } from './ship-order.ts';

const t = useTestApp();
let caller: Caller;
let payments: SandboxPaymentsAdapter;
let courier: SandboxCourierAdapter;
const reported: { error: unknown; context?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  const owner = await buildMerchantWithOwner(t);
  caller = callerOf(owner.merchant, owner.user);
  payments = t.ctx.adapters.payments as SandboxPaymentsAdapter;
  courier = t.ctx.adapters.courier as SandboxCourierAdapter;
  expect([payments.kind, courier.kind]).toEqual(['sandbox', 'sandbox']);
  setServerErrorReporter((error, context) => reported.push({ error, context }));
});
afterEach(() => {
  reported.length = 0;
});
// Runs before useTestApp's close (vitest runs after-hooks newest first).
afterAll(async () => {
  setServerErrorReporter(null);
});

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const newOrder = (status: 'SUBMITTED' | 'MERCHANT_ACCEPTED', overrides = {}) =>
  buildOrder(t.ctx, { merchantTmk: caller.merchant.tmk, status, overrides });

/**
 * Payments whose capture is followed by a reject of the order (so the accept's conditional write loses),
 * with `overrides` on top; returns the payments it replaced, to put back.
 */
function rejectDuringCapture(id: string, overrides: Partial<PaymentsAdapter> = {}): PaymentsAdapter {
  const inner = t.ctx.adapters.payments;
  t.ctx.adapters.payments = {
    ...inner,
    capture: async (req) => {
      const answer = await inner.capture(req);
      await t.database.db.update(orders).set({ status: 'MERCHANT_REJECTED' }).where(eq(orders.id, id));
      return answer;
    },
    ...overrides,
  };
  return inner;
}

describe(`accept: the capture is compensated when the accept is not written (${TEST_DB})`, () => {
  it('the order moved meanwhile (a reject): the accept fails and the capture is refunded at the provider', async () => {
    const id = await newOrder('SUBMITTED');
    const { log, lines } = recordingStepLog();
    // The provider captures; meanwhile the order is rejected, so the conditional write loses.
    const inner = rejectDuringCapture(id);
    try {
      const error = await acceptOrder(t.ctx, caller, id, log).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('ILLEGAL_TRANSITION');
    } finally {
      t.ctx.adapters.payments = inner;
    }
    const total = payments.amounts(id)!.capturedCents;
    expect(payments.amounts(id)).toEqual({ capturedCents: total, refundedCents: total });
    expect(payments.intent(id)).toMatchObject({ status: 'succeeded', refunded: true });
    expect(lines()).toEqual([['info', 'capture payment', 'refunded']]);
    expect(reported).toEqual([]);
  });

  it('the write fails with the order still open: the capture is kept for the next accept, which replays it', async () => {
    const id = await newOrder('SUBMITTED');
    const { log, lines } = recordingStepLog();
    const restore = await failHistoryWrite(t.database, id, 'accept');
    try {
      expect(isFailedWrite(await acceptOrder(t.ctx, caller, id, log).catch((e: unknown) => e))).toBe(true);
    } finally {
      await restore();
    }
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(lines()).toEqual([
      ['info', 'capture payment', 'kept: the order can still be accepted (the next accept replays it)'],
    ]);
    expect(payments.amounts(id)?.refundedCents).toBe(0);
    const accepted = await acceptOrder(t.ctx, caller, id, log);
    expect(accepted.status).toBe('MERCHANT_ACCEPTED');
    expect(payments.amounts(id)?.refundedCents).toBe(0);
  });

  it('the provider cannot be reached for the refund: logged, reported, and the original error still answers', async () => {
    const id = await newOrder('SUBMITTED');
    const { log, lines } = recordingStepLog();
    const inner = rejectDuringCapture(id, {
      refund: async () => {
        throw new DomainError('UNAVAILABLE', 'The payment provider is not responding. Please try again.');
      },
    });
    try {
      const error = await acceptOrder(t.ctx, caller, id, log).catch((e: unknown) => e);
      expect((error as DomainError).code).toBe('ILLEGAL_TRANSITION');
    } finally {
      t.ctx.adapters.payments = inner;
    }
    expect(lines()).toEqual([['error', 'capture payment', 'compensation failed']]);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.context).toMatchObject({ step: 'capture payment', order_id: id, command: 'accept' });
  });
});

describe(`courier: the booking is cancelled when the shipment is not written (${TEST_DB})`, () => {
  const body = { number_of_package: 2, save_instructions: false, dispatch_type: 'immediate' as const };

  it('the write fails: the delivery is cancelled at the courier; the next request books another one', async () => {
    const id = await newOrder('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const { log, lines } = recordingStepLog();
    const restore = await failHistoryWrite(t.database, id, 'courier_requested');
    try {
      const error = await requestCourier(t.ctx, caller, id, body, log).catch((e: unknown) => e);
      expect(isFailedWrite(error)).toBe(true);
    } finally {
      await restore();
    }
    expect(await statusOf(id)).toBe('MERCHANT_ACCEPTED');
    const cancelled = courier.cancelled().at(-1)!;
    expect(cancelled).toMatch(/^dlv_/);
    expect(lines()).toEqual([['info', 'book courier', `cancelled delivery ${cancelled}`]]);

    const shipped = await requestCourier(t.ctx, caller, id, body, log);
    expect(shipped.status).toBe('MERCHANT_SHIPPED');
    const info = shipped.courier_info as { delivery_id: string };
    expect(info.delivery_id).not.toBe(cancelled);
    expect(courier.cancelled()).not.toContain(info.delivery_id);
  });

  it('a concurrent request with the same key won: its delivery (the same one) is kept', async () => {
    const id = await newOrder('MERCHANT_ACCEPTED', { delivery: { method: 'on_demand' } });
    const { log, lines } = recordingStepLog();
    const inner = t.ctx.adapters.courier;
    t.ctx.adapters.courier = {
      ...inner,
      requestPickup: async (req) => {
        const answer = await inner.requestPickup(req);
        // The winner wrote the shipment with this very delivery while this request waited on the courier.
        if (answer.ok)
          await t.database.db
            .update(orders)
            .set({ status: 'MERCHANT_SHIPPED', courier_info: { ...answer.info } })
            .where(eq(orders.id, id));
        return answer;
      },
    };
    const before = courier.cancelled().length;
    try {
      const error = await requestCourier(t.ctx, caller, id, body, log).catch((e: unknown) => e);
      expect((error as DomainError).code).toBe('ILLEGAL_TRANSITION');
    } finally {
      t.ctx.adapters.courier = inner;
    }
    expect(courier.cancelled()).toHaveLength(before);
    expect(lines()).toEqual([['info', 'book courier', 'kept: the order was shipped with this delivery']]);
  });
});

describe(`failed delivery: a refund cannot be taken back, so an unwritten cancellation is reported (${TEST_DB})`, () => {
  it('the write fails after the refund: the compensation reports it, the original error answers', async () => {
    const id = await newOrder('SUBMITTED', {
      delivery: { method: 'on_demand' },
      courier_estimate_id: undefined,
    });
    await acceptOrder(t.ctx, caller, id);
    await shipOrder(t.ctx, caller, id, undefined);
    const { log, lines } = recordingStepLog();
    const restore = await failHistoryWrite(t.database, id, 'delivery_failed');
    try {
      const error = await recordFailedDelivery(t.ctx, caller, id, { reason: 'underage' }, log).catch(
        (e: unknown) => e,
      );
      expect(isFailedWrite(error)).toBe(true);
    } finally {
      await restore();
    }
    expect(await statusOf(id)).toBe('MERCHANT_SHIPPED');
    expect(payments.amounts(id)!.refundedCents).toBeGreaterThan(0);
    expect(lines()).toEqual([['error', 'refund the failed delivery', 'compensation failed']]);
    expect(reported).toHaveLength(1);
    expect(String(reported[0]!.error)).toContain('the refund cannot be taken back');
    expect(reported[0]!.context).toMatchObject({ step: 'refund the failed delivery', order_id: id });
  });
});
