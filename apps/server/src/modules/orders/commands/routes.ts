import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { orderDetailOf } from '../detail/get-order-detail.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { acceptOrder } from './accept-order.ts';
import { closeOrder } from './close-order.ts';
import { asMerchant, type Caller } from './command-context.ts';
import { recordFailedDelivery } from './failed-delivery.ts';
import { rejectItems } from './reject-items.ts';
import { rejectOrder } from './reject-order.ts';
import { requestCourier } from './request-courier.ts';
import { saveOrderData } from './save-order-data.ts';
import { shipOrder } from './ship-order.ts';

type OrderCommandOperation =
  | 'updateOrder'
  | 'saveOrderData'
  | 'requestCourier'
  | 'shipOrder'
  | 'failedDelivery';

/**
 * Every order change of the detail view: the handler runs the command, then answers with the detail of the
 * row the command wrote (its status says whether the change took, e.g. PAYMENT_DECLINED after an accept),
 * without reading the order again (docs/decisions/0128).
 */
export function orderCommandHandlers(ctx: AppContext): EndpointHandlers<OrderCommandOperation> {
  const answer = (caller: Caller, order: OrderRow) => orderDetailOf(ctx, caller.merchant, order);
  return {
    // PUT /m/v2/orders/{id}: the requested status picks the command; anything else meets the table (409).
    // The request's logger: a compensation (lib/steps.ts) is logged with the request that set it off.
    updateOrder: async ({ caller, params: { id }, body, req }) => {
      switch (body.status) {
        case 'MERCHANT_ACCEPTED':
          return answer(caller, await acceptOrder(ctx, caller, id, req.log));
        case 'MERCHANT_REJECTED':
          return answer(caller, await rejectOrder(ctx, caller, id, body));
        case 'REJECTED_PARTIAL':
          return answer(caller, await rejectItems(ctx, caller, id, body));
        case 'MERCHANT_SHIPPED':
          return answer(caller, await shipOrder(ctx, caller, id, body.tracking_info, req.log));
        case 'CLOSED':
          return answer(caller, await closeOrder(ctx, caller, id, body.delivery_info));
        default:
          return answer(
            caller,
            await transitionOrder(ctx, {
              ...asMerchant(caller, id),
              to: body.status,
              action: 'update',
              comment: body.status_comment ?? null,
            }),
          );
      }
    },
    saveOrderData: async ({ caller, params, body }) =>
      answer(caller, await saveOrderData(ctx, caller, params.id, body)),
    requestCourier: async ({ caller, params, body, req }) =>
      answer(caller, await requestCourier(ctx, caller, params.id, body.courier_info, req.log)),
    shipOrder: async ({ caller, params, body, req }) =>
      answer(caller, await shipOrder(ctx, caller, params.id, body.tracking_info, req.log)),
    failedDelivery: async ({ caller, params, body, req }) =>
      answer(caller, await recordFailedDelivery(ctx, caller, params.id, body, req.log)),
  };
}
