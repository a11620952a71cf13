import type { UpdateOrderCommand } from '@mc/api';
import type { AppContext } from '../../../context.ts';
import type { StepLog } from '../../../lib/steps.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { acceptOrder } from './accept-order.ts';
import { closeOrder } from './close-order.ts';
import { asMerchant, type Caller } from './command-context.ts';
import { rejectItems } from './reject-items.ts';
import { rejectOrder } from './reject-order.ts';
import { shipOrder } from './ship-order.ts';

/** PUT /m/v2/orders/{id}: the requested status picks the command; anything else meets the table (409). */
export async function updateOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: UpdateOrderCommand,
  log?: StepLog,
): Promise<OrderRow> {
  switch (body.status) {
    case 'MERCHANT_ACCEPTED':
      return acceptOrder(ctx, caller, orderId, log);
    case 'MERCHANT_REJECTED':
      return rejectOrder(ctx, caller, orderId, body);
    case 'REJECTED_PARTIAL':
      return rejectItems(ctx, caller, orderId, body);
    case 'MERCHANT_SHIPPED':
      return shipOrder(ctx, caller, orderId, body.tracking_info);
    case 'CLOSED':
      return closeOrder(ctx, caller, orderId, body.delivery_info);
    default:
      return transitionOrder(ctx, {
        ...asMerchant(caller, orderId),
        to: body.status,
        action: 'update',
        comment: body.status_comment ?? null,
      });
  }
}
