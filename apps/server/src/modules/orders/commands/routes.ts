import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import {
  callCourier,
  changeOrderData,
  changeOrderStatus,
  failDelivery,
  sendOutForDelivery,
} from './order-changes.ts';

type OrderCommandOperation =
  | 'updateOrder'
  | 'saveOrderData'
  | 'requestCourier'
  | 'shipOrder'
  | 'failedDelivery';

/** Every order change of the detail view; each answers with the updated order (its status decides success). */
export function orderCommandHandlers(ctx: AppContext): EndpointHandlers<OrderCommandOperation> {
  return {
    // The request's logger: a compensation (lib/steps.ts) is logged with the request that set it off.
    updateOrder: async ({ caller, params, body, req }) =>
      changeOrderStatus(ctx, caller, params.id, body, req.log),
    saveOrderData: async ({ caller, params, body }) => changeOrderData(ctx, caller, params.id, body),
    requestCourier: async ({ caller, params, body, req }) =>
      callCourier(ctx, caller, params.id, body, req.log),
    shipOrder: async ({ caller, params, body }) => sendOutForDelivery(ctx, caller, params.id, body),
    failedDelivery: async ({ caller, params, body, req }) =>
      failDelivery(ctx, caller, params.id, body, req.log),
  };
}
