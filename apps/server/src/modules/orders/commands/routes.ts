import {
  CourierBodySchema,
  ErrorBodySchema,
  MerchantOrderParamsSchema,
  OrderDataBodySchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  ShipOrderBodySchema,
  UpdateOrderBodySchema,
} from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireMerchant, requireOwnMerchant } from '../../../plugins/auth.ts';
import { getOrderDetail } from '../detail/get-order-detail.ts';
import { requestCourier } from './request-courier.ts';
import { saveOrderData } from './save-order-data.ts';
import { shipOrder } from './ship-order.ts';
import { updateOrder } from './update-order.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Every order change of the detail view; each answers with the updated order (its status decides success). */
export function registerOrderCommandRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];

  app.put(
    '/m/v2/orders/:id',
    {
      schema: {
        tags,
        summary: 'Change the order status (accept, reject, put on hold, ship, deliver)',
        description:
          'Checked against the transition table; a refused change is 409 naming both statuses. Accepting captures the payment: ' +
          'a declined capture answers 200 with status PAYMENT_DECLINED. The update succeeded only if the returned status is the requested one.',
        params: OrderIdParamsSchema,
        body: UpdateOrderBodySchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await requireOwnMerchant(ctx, req, 'orders.write');
      await updateOrder(ctx, caller, req.params.id, req.body);
      return getOrderDetail(ctx, caller.merchant, req.params.id);
    },
  );

  app.post(
    '/m/v2/merchant/:tmk/orders/:id/data',
    {
      schema: {
        tags,
        summary:
          'Save order data that keeps the status (tracking, rejection message, delivery details, instructions)',
        params: MerchantOrderParamsSchema,
        body: OrderDataBodySchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await requireMerchant(ctx, req, req.params.tmk, 'orders.write');
      await saveOrderData(ctx, caller, req.params.id, req.body);
      return getOrderDetail(ctx, caller.merchant, req.params.id);
    },
  );

  app.post(
    '/m/v2/merchant/:tmk/orders/:id/courier',
    {
      schema: {
        tags,
        summary: 'Call a courier (pickup request); the order becomes MERCHANT_SHIPPED with the courier info',
        params: MerchantOrderParamsSchema,
        body: CourierBodySchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await requireMerchant(ctx, req, req.params.tmk, 'orders.write');
      await requestCourier(ctx, caller, req.params.id, req.body.courier_info);
      return getOrderDetail(ctx, caller.merchant, req.params.id);
    },
  );

  app.post(
    '/m/v2/merchant/:tmk/orders/:id/ship',
    {
      schema: {
        tags,
        summary: 'Out for delivery (or ship with tracking): MERCHANT_SHIPPED',
        params: MerchantOrderParamsSchema,
        body: ShipOrderBodySchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await requireMerchant(ctx, req, req.params.tmk, 'orders.write');
      await shipOrder(ctx, caller, req.params.id, req.body.tracking_info);
      return getOrderDetail(ctx, caller.merchant, req.params.id);
    },
  );
}
