/**
 * The payment steps of accept and reject, each with what undoes it (docs/decisions/0080, run by
 * lib/steps.ts since docs/decisions/0124).
 * Every call happens with no transaction open and is keyed per order, so a repeated call (a retry, a second
 * accept or reject racing this one) has the provider answer the first call again instead of moving money
 * twice.
 *
 * - Accept captures, then writes MERCHANT_ACCEPTED conditionally. When that write loses, the capture is
 *   refunded — unless an accept of this order won (the capture, keyed by the order, is the winner's) or the
 *   order can still be accepted (the next accept replays this capture; a reject refunds it).
 * - Reject, once written, releases the authorisation; if a losing accept captured it meanwhile, refunds it.
 * A failed compensation (provider away) is logged and reported by the step runner and leaves the order as
 * written.
 */
import { canTransition, captureIdempotencyKey, isOrderStatus } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { CaptureResult } from '../../../adapters/payments/payments.ts';
import type { AppContext } from '../../../context.ts';
import { orderHistory, orders } from '../../../db/schema.ts';
import { reportServerError } from '../../../lib/error-reporting.ts';
import { createStep } from '../../../lib/steps.ts';
import type { OrderRow } from '../transition-order.ts';

type PaymentOrder = Pick<OrderRow, 'id' | 'total_cents' | 'payment_ref' | 'aux_data'>;

const refundIdempotencyKey = (orderId: string) => `refund-${orderId}`;
const releaseIdempotencyKey = (orderId: string) => `release-${orderId}`;

/**
 * The step: capture the order's total (outside any transaction). A declined capture is an answer, not a
 * failure: nothing was taken, so its compensation has nothing to give back.
 */
export const captureStep = createStep(
  'capture payment',
  (input: { ctx: AppContext; order: PaymentOrder }): Promise<CaptureResult> => {
    const { ctx, order } = input;
    const behavior = order.aux_data?.payment_behavior;
    return ctx.adapters.payments.capture({
      orderId: order.id,
      amountCents: order.total_cents,
      idempotencyKey: captureIdempotencyKey(order.id),
      paymentRef: order.payment_ref,
      sandboxBehavior: behavior === 'decline' ? 'decline' : 'approve',
    });
  },
  async ({ ctx, order }, capture) => {
    if (!capture.ok) return 'nothing captured';
    return compensateCapture(ctx, order);
  },
);

/**
 * Whether a capture whose accept did not write is still needed: 'won' when an accept of this order was
 * written (by another request, with the same capture), 'open' when the order can still be accepted,
 * 'lost' otherwise (rejected, cancelled, on hold …): only then is the money given back.
 */
async function captureOutcome(ctx: AppContext, orderId: string): Promise<'won' | 'open' | 'lost'> {
  const db = ctx.database.db;
  const [[accepted], [row]] = await Promise.all([
    db
      .select({ id: orderHistory.id })
      .from(orderHistory)
      .where(and(eq(orderHistory.order_id, orderId), eq(orderHistory.to_status, 'MERCHANT_ACCEPTED')))
      .limit(1),
    db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1),
  ]);
  if (accepted) return 'won';
  if (row && isOrderStatus(row.status) && canTransition('merchant', row.status, 'MERCHANT_ACCEPTED'))
    return 'open';
  return 'lost';
}

/**
 * The compensation of the capture after the accept's write failed (a concurrent change, an error). Throws
 * when the provider cannot be reached: the step runner logs and reports it.
 */
async function compensateCapture(ctx: AppContext, order: PaymentOrder): Promise<string> {
  const outcome = await captureOutcome(ctx, order.id);
  if (outcome === 'won') return 'kept: an accept of this order was written with this capture';
  if (outcome === 'open') return 'kept: the order can still be accepted (the next accept replays it)';
  return refund(ctx, order);
}

/** After a reject was written: release the card hold, or refund a capture a losing accept made. */
export async function returnPayment(ctx: AppContext, order: PaymentOrder): Promise<void> {
  try {
    const released = await ctx.adapters.payments.release({
      orderId: order.id,
      paymentRef: order.payment_ref,
      idempotencyKey: releaseIdempotencyKey(order.id),
    });
    if (!released.ok) await refund(ctx, order);
  } catch (error) {
    reportServerError(error, { step: 'release payment', order_id: order.id });
  }
}

async function refund(ctx: AppContext, order: PaymentOrder): Promise<string> {
  const r = await ctx.adapters.payments.refund({
    orderId: order.id,
    paymentRef: order.payment_ref,
    amountCents: order.total_cents,
    idempotencyKey: refundIdempotencyKey(order.id),
  });
  if (r.ok) return 'refunded';
  // Nothing captured (the hold was released first) is the same outcome: no money taken.
  if (r.reason === 'charge_not_captured' || r.reason === 'charge_already_refunded')
    return `no refund needed (${r.reason})`;
  reportServerError(new Error(`refund refused: ${r.reason}`), { order_id: order.id });
  return `refund refused (${r.reason})`;
}
