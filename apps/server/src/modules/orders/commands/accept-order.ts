import { canTransition, captureIdempotencyKey, DomainError, transitionError } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

/**
 * Accept: check the table, capture the payment OUTSIDE any transaction (idempotency key from the order id),
 * then move the order from the status we read. A declined capture is recorded as the payment provider's
 * transition to PAYMENT_DECLINED (actor 'marketplace', requested by this user); the answer's status tells
 * the console to show the PAYMENT DECLINED toast. Concurrent accepts may both capture (one charge, same key);
 * exactly one transition wins, the others get 409.
 */
export async function acceptOrder(ctx: AppContext, caller: Caller, orderId: string): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  const from = order.status;
  if (!canTransition('merchant', from, 'MERCHANT_ACCEPTED')) {
    throw new DomainError('ILLEGAL_TRANSITION', transitionError(from, 'MERCHANT_ACCEPTED'));
  }
  const behavior = order.aux_data?.payment_behavior;
  const capture = await ctx.adapters.payments.capture({
    orderId,
    amountCents: order.total_cents,
    idempotencyKey: captureIdempotencyKey(orderId),
    paymentRef: order.payment_ref,
    sandboxBehavior: behavior === 'decline' ? 'decline' : 'approve',
  });
  if (capture.ok) {
    return transitionOrder(ctx, {
      ...asMerchant(caller, orderId),
      to: 'MERCHANT_ACCEPTED',
      expectFrom: from,
      action: 'accept',
      data: { capture_ref: capture.ref },
    });
  }
  const comment = `Payment declined when the order was accepted (${capture.reason})`;
  return transitionOrder(ctx, {
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
    data: { reason: capture.reason, requested_by: caller.principal.name },
  });
}
