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
    updateOrder: async ({ caller, params, body }) => changeOrderStatus(ctx, caller, params.id, body),
    saveOrderData: async ({ caller, params, body }) => changeOrderData(ctx, caller, params.id, body),
    requestCourier: async ({ caller, params, body }) => callCourier(ctx, caller, params.id, body),
    shipOrder: async ({ caller, params, body }) => sendOutForDelivery(ctx, caller, params.id, body),
    failedDelivery: async ({ caller, params, body }) => failDelivery(ctx, caller, params.id, body),
  };
}
