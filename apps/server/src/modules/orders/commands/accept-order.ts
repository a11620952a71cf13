import { DomainError, type OrderStatus, transitionError } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { runSteps, type StepLog } from '../../../lib/steps.ts';
import { assertTransition, type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';
import { captureStep } from './payment-steps.ts';

/**
 * Accept: check the table, capture the payment OUTSIDE any transaction (idempotency key from the order id),
 * then move the order from the status we read. The capture is a step (lib/steps.ts): when the write that
 * follows throws (a concurrent reject, a failed write) its compensation runs (payment-steps.ts). A declined capture is recorded as the payment provider's
 * transition to PAYMENT_DECLINED (actor 'marketplace', requested by this user); the answer's status tells
 * the console to show the PAYMENT DECLINED toast. Concurrent accepts may both capture (one charge, same key);
 * exactly one transition wins, the others get 409 and keep the winner's capture.
 */
export async function acceptOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  log?: StepLog,
): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  const from = order.status;
  assertTransition('merchant', from, 'MERCHANT_ACCEPTED');
  return runSteps({ log, context: { order_id: orderId, command: 'accept' } }, async (run) => {
    const capture = await run(captureStep, { ctx, order });
    if (capture.ok) {
      return transitionOrder(ctx, {
        ...asMerchant(caller, orderId),
        to: 'MERCHANT_ACCEPTED',
        expectFrom: from,
        action: 'accept',
        data: { capture_ref: capture.ref },
      });
    }
    return writeDeclined(ctx, caller, orderId, from, capture.reason);
  });
}

async function writeDeclined(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  from: OrderStatus,
  reason: string,
): Promise<OrderRow> {
  const comment = `Payment declined when the order was accepted (${reason})`;
  try {
    return await transitionOrder(ctx, {
      orderId,
      merchantId: caller.merchant.id,
      actor: 'marketplace',
      actorUserId: caller.principal.userId,
      actorName: 'Payments',
      to: 'PAYMENT_DECLINED',
      expectFrom: from,
      action: 'payment_declined',
      comment,
      patch: { status_recent_comment: comment },
      data: { reason, requested_by: caller.principal.name },
    });
  } catch (error) {
    // The order moved meanwhile (a reject that already released the payment, say): the accept lost.
    if (error instanceof DomainError && error.code === 'ILLEGAL_TRANSITION') {
      const now = await readOrder(ctx, caller, orderId);
      throw new DomainError('ILLEGAL_TRANSITION', transitionError(now.status, 'MERCHANT_ACCEPTED'));
    }
    throw error;
  }
}
