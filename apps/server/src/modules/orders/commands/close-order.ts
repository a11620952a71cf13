import type { DeliveryInfo } from '@mc/api';
import type { AppContext } from '../../../context.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller } from './command-context.ts';

/** shipped → delivered (CLOSED), with the delivery details {signed_by, delivered_by, delivered_on}. */
export async function closeOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  info?: DeliveryInfo,
): Promise<OrderRow> {
  const who = info
    ? [
        info.signed_by && `signed by ${info.signed_by}`,
        info.delivered_by && `delivered by ${info.delivered_by}`,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return transitionOrder(ctx, {
    ...asMerchant(caller, orderId),
    to: 'CLOSED',
    action: 'delivered',
    comment: who ? `Delivered, ${who}` : 'Delivered',
    patch: info ? { delivery_details: { ...info } } : {},
    data: info ? { ...info } : undefined,
  });
}
