/**
 * A failed delivery by the store's driver (docs/decisions/0102).
 *
 * - `no_valid_id`, `underage`: the terms cancel the order with the $20 restocking fee. The refund (captured
 *   total − fee, integer cents) is the money step: made OUTSIDE any transaction, keyed by the order (a repeated
 *   call, a double click, replays the provider's first answer instead of refunding twice), then the
 *   cancellation is written conditionally from MERCHANT_SHIPPED with the fee, the adjusted total and the refund.
 *   A refused refund (422) or a provider that does not answer (503, thrown by the adapter) writes nothing.
 *   A refund cannot be taken back: its compensation (lib/steps.ts), when the write throws, checks whether a
 *   concurrent cancellation won and otherwise reports the refund for someone to look at.
 * - `refused`, `no_one_home`, `wrong_address`: back to MERCHANT_ACCEPTED for another attempt, no money moves.
 * Either way one history row 'delivery_failed' records the reason, the note and the attempt number.
 */
import {
  centsToDollars,
  DomainError,
  FAILED_DELIVERY_ACTION,
  type FailedDeliveryReason,
  failedDeliveryOutcome,
  failedDeliveryTarget,
  failedDeliveryTitle,
  formatUsd,
  isOutWithStoreDriver,
  restockingSettlement,
} from '@mc/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orderHistory, orders } from '../../../db/schema.ts';
import { createStep, runSteps, type StepLog } from '../../../lib/steps.ts';
import { assertTransition, type OrderRow, orderTransaction, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

export const NOT_STORE_DRIVER_MESSAGE =
  "Only an order out for delivery with the store's own driver can be marked as a failed delivery";

/** One refund per order for a failed delivery: a repeated call replays the provider's first answer. */
export const failedDeliveryRefundKey = (orderId: string) => `failed-delivery-refund-${orderId}`;

export async function recordFailedDelivery(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  input: { reason: FailedDeliveryReason; note?: string | undefined },
  log?: StepLog,
): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  const to = failedDeliveryTarget(input.reason);
  assertTransition('merchant', order.status, to, 'failed_delivery');
  if (!isOutWithStoreDriver(order)) throw new DomainError('CONFLICT', NOT_STORE_DRIVER_MESSAGE);

  const outcome = failedDeliveryOutcome(input.reason);
  const settlement = outcome === 'cancel_with_fee' ? restockingSettlement(order.total_cents) : null;
  const note = input.note?.trim() || null;
  const money = settlement
    ? `Cancelled with the ${formatUsd(centsToDollars(settlement.feeCents))} restocking fee; ${formatUsd(
        centsToDollars(settlement.refundCents),
      )} refunded`
    : null;
  return runSteps({ log, context: { order_id: orderId, command: 'failed delivery' } }, async (run) => {
    const refundRef =
      settlement && settlement.refundCents > 0
        ? await run(refundStep, { ctx, order, amountCents: settlement.refundCents })
        : null;
    return orderTransaction(ctx, async (tx) => {
      const [done] = await tx
        .select({ n: count() })
        .from(orderHistory)
        .where(and(eq(orderHistory.order_id, orderId), eq(orderHistory.action, FAILED_DELIVERY_ACTION)));
      const attempt = Number(done?.n ?? 0) + 1;
      const title = failedDeliveryTitle(input.reason, attempt);
      return transitionOrder(
        ctx,
        {
          ...asMerchant(caller, orderId),
          via: 'failed_delivery',
          to,
          expectFrom: 'MERCHANT_SHIPPED',
          action: FAILED_DELIVERY_ACTION,
          comment: [note, money].filter(Boolean).join(' — ') || null,
          patch: {
            status_recent_comment: title,
            ...(settlement
              ? {
                  total_cents: settlement.feeCents,
                  aux_data: sql`${orders.aux_data} || ${JSON.stringify({
                    restocking_fee_cents: settlement.feeCents,
                    refunded_cents: settlement.refundCents,
                  })}::jsonb`,
                }
              : {}),
          },
          data: {
            reason: input.reason,
            attempt,
            outcome,
            note,
            ...(settlement
              ? {
                  captured_cents: order.total_cents,
                  restocking_fee_cents: settlement.feeCents,
                  refund_cents: settlement.refundCents,
                  refund_ref: refundRef,
                }
              : {}),
          },
        },
        tx,
      );
    });
  });
}

/** The money step of a cancellation with the restocking fee (keyed by the order). */
const refundStep = createStep(
  'refund the failed delivery',
  async (input: { ctx: AppContext; order: OrderRow; amountCents: number }): Promise<string | null> => {
    const { ctx, order } = input;
    // Throws UNAVAILABLE (503) when the provider does not answer: nothing is written.
    const refund = await ctx.adapters.payments.refund({
      orderId: order.id,
      paymentRef: order.payment_ref,
      amountCents: input.amountCents,
      idempotencyKey: failedDeliveryRefundKey(order.id),
    });
    if (!refund.ok) {
      throw new DomainError(
        'UNPROCESSABLE',
        `The payment provider refused the refund (${refund.reason}). The order was not changed.`,
      );
    }
    return refund.ref;
  },
  ({ ctx, order }) => checkRefundHasItsCancel(ctx, order.id),
);

/**
 * The refund was made but this call's cancellation was not written. When a concurrent failed-delivery
 * cancellation of the same order won (a double click) the refund is that one's (same key): nothing to do.
 * Otherwise money went back without the order being cancelled, and a refund cannot be taken back: this
 * throws, so the step runner logs and reports it for someone to look at.
 */
async function checkRefundHasItsCancel(ctx: AppContext, orderId: string): Promise<string> {
  const [won] = await ctx.database.db
    .select({ id: orderHistory.id })
    .from(orderHistory)
    .where(
      and(
        eq(orderHistory.order_id, orderId),
        eq(orderHistory.action, FAILED_DELIVERY_ACTION),
        eq(orderHistory.to_status, 'CANCELLED'),
      ),
    )
    .limit(1);
  if (won) return 'kept: a concurrent failed-delivery cancellation of this order was written';
  throw new Error('failed delivery refunded, cancellation not written: the refund cannot be taken back');
}
