import { type RejectionReason, rejectedReasonMessage, rejectionStatusComment } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller } from './command-context.ts';
import { returnPayment } from './payment-steps.ts';

/**
 * Reject the whole order with a reason; 'other' carries the merchant's text (validated by the body schema).
 * Once written, the card hold is released (or a capture a losing accept made is refunded).
 */
export async function rejectOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  input: { reason?: RejectionReason; other_reason?: string; status_comment?: string },
): Promise<OrderRow> {
  const reason = input.reason ?? 'customer_cancelled';
  const comment = rejectionStatusComment({
    reason,
    other_reason: input.other_reason || input.status_comment,
  });
  const row = await transitionOrder(ctx, {
    ...asMerchant(caller, orderId),
    to: 'MERCHANT_REJECTED',
    action: 'reject',
    comment,
    patch: { status_recent_comment: comment, rejection_message: rejectedReasonMessage(reason, comment) },
    data: { reason },
  });
  await returnPayment(ctx, row);
  return row;
}
