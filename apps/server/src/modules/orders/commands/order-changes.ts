/**
 * The detail view's order changes as the API answers them: the change (one command), then the order as the
 * detail view shows it (its status says whether the change took, e.g. PAYMENT_DECLINED after an accept).
 */
import type {
  CourierBodySchema,
  FailedDeliveryBodySchema,
  OrderDataBodySchema,
  OrderDetail,
  ShipOrderBodySchema,
  UpdateOrderCommand,
} from '@mc/api';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Caller } from '../../../lib/principal.ts';
import type { StepLog } from '../../../lib/steps.ts';
import { getOrderDetail } from '../detail/get-order-detail.ts';
import { recordFailedDelivery } from './failed-delivery.ts';
import { requestCourier } from './request-courier.ts';
import { saveOrderData } from './save-order-data.ts';
import { shipOrder } from './ship-order.ts';
import { updateOrder } from './update-order.ts';

export async function changeOrderStatus(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: UpdateOrderCommand,
  log?: StepLog,
): Promise<OrderDetail> {
  await updateOrder(ctx, caller, orderId, body, log);
  return getOrderDetail(ctx, caller.merchant, orderId);
}

export async function changeOrderData(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: z.output<typeof OrderDataBodySchema>,
): Promise<OrderDetail> {
  await saveOrderData(ctx, caller, orderId, body);
  return getOrderDetail(ctx, caller.merchant, orderId);
}

export async function callCourier(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: z.output<typeof CourierBodySchema>,
  log?: StepLog,
): Promise<OrderDetail> {
  await requestCourier(ctx, caller, orderId, body.courier_info, log);
  return getOrderDetail(ctx, caller.merchant, orderId);
}

export async function sendOutForDelivery(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: z.output<typeof ShipOrderBodySchema>,
): Promise<OrderDetail> {
  await shipOrder(ctx, caller, orderId, body.tracking_info);
  return getOrderDetail(ctx, caller.merchant, orderId);
}

export async function failDelivery(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: z.output<typeof FailedDeliveryBodySchema>,
  log?: StepLog,
): Promise<OrderDetail> {
  await recordFailedDelivery(ctx, caller, orderId, body, log);
  return getOrderDetail(ctx, caller.merchant, orderId);
}
