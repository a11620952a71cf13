/**
 * The courier step of 'Call a Courier' and what undoes it (docs/decisions/0124).
 *
 * The delivery is booked with no transaction open, keyed by the order (a repeated request books the same
 * delivery). When the write that follows throws, the delivery is cancelled through the courier adapter —
 * unless the order was moved with this very delivery (a concurrent request with the same key won: the
 * delivery is the winner's). A cancelled delivery is not answered again: the adapters book the next one
 * under a derived key (courier.ts, `nextDeliveryKey`), so the merchant can call a courier again.
 */
import { DomainError, type OrderStatus } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { CourierPickup, CourierPickupRequest } from '../../../adapters/courier/courier.ts';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema.ts';
import { createStep } from '../../../lib/steps.ts';

interface BookCourierInput {
  ctx: AppContext;
  request: CourierPickupRequest;
  /** The status the command read: an order still there was not moved by anyone. */
  from: OrderStatus;
}

export const bookCourierStep = createStep(
  'book courier',
  async ({ ctx, request }: BookCourierInput): Promise<CourierPickup> => {
    const result = await ctx.adapters.courier.requestPickup(request);
    // A refusal books nothing: the step did not complete, there is nothing to cancel.
    if (!result.ok) {
      throw new DomainError('VALIDATION', result.message, {
        errors: [{ path: 'courier_info.number_of_package', message: result.message }],
      });
    }
    return result.info;
  },
  async ({ ctx, request, from }, info) => {
    const [row] = await ctx.database.db
      .select({ status: orders.status, courier: orders.courier_info })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .limit(1);
    const carried = (row?.courier as { delivery_id?: string } | null)?.delivery_id;
    if (row && row.status !== from && carried === info.delivery_id)
      return 'kept: the order was shipped with this delivery';
    const cancelled = await ctx.adapters.courier.cancel(info.delivery_id);
    if (!cancelled.ok)
      throw new Error(`the courier refused to cancel ${info.delivery_id}: ${cancelled.message}`);
    return `cancelled delivery ${info.delivery_id}`;
  },
);
