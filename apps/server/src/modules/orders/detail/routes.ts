import { ErrorBodySchema, MerchantOrderParamsSchema, OrderDetailSchema, OrderIdParamsSchema } from '@mc/api';
import { DomainError } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema.ts';
import { requireMerchant, requireOwnMerchant } from '../../../plugins/auth.ts';
import { registerOrderCommandRoutes } from '../commands/routes.ts';
import { getOrderDetail } from './get-order-detail.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** The order detail (GET /m/v2/orders/{id}), its map image, and the order commands. */
export function registerOrderDetailRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];

  app.get(
    '/m/v2/orders/:id',
    {
      schema: {
        tags,
        summary:
          'One order with items, money, delivery, tracking, courier info, rejection message and history',
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireOwnMerchant(ctx, req, 'orders.read');
      return getOrderDetail(ctx, merchant, req.params.id);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/:id/map',
    {
      schema: {
        tags,
        summary: 'Static map image of the delivery address (640x480, zoom 16, marker)',
        params: MerchantOrderParamsSchema,
        produces: ['image/png'],
      },
    },
    async (req, reply) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      const [o] = await ctx.database.db
        .select({ recipient: orders.recipient })
        .from(orders)
        .where(and(eq(orders.id, req.params.id), eq(orders.merchant_id, merchant.id)))
        .limit(1);
      if (!o) throw new DomainError('NOT_FOUND', 'Order not found');
      const image = await ctx.adapters.maps.staticMap(o.recipient);
      return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.body);
    },
  );

  registerOrderCommandRoutes(root, ctx);
}
