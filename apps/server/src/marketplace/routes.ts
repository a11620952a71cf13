import { timingSafeEqual } from 'node:crypto';
import {
  ErrorBodySchema,
  MarketplaceEventBodySchema,
  PlacedOrderSchema,
  PlaceOrderBodySchema,
  TmkParamsSchema,
} from '@mc/api';
import { DomainError, text } from '@mc/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { applyMarketplaceEvent, listMerchantCatalogue, placeOrder } from './place-order.ts';

function requireMarketplace(ctx: AppContext, req: FastifyRequest): void {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${ctx.config.marketplaceKey}`);
  // An unset key never matches (production refuses to start without one: config-check.ts).
  if (!ctx.config.marketplaceKey || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError('UNAUTHENTICATED', 'A valid marketplace credential is required');
  }
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The marketplace side: order intake and payment/customer events, with the server credential. */
export function registerMarketplaceRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Marketplace'];
  const security = [{ marketplaceKey: [] }];

  app.post(
    '/m/v2/marketplace/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Place an order for a merchant',
        body: PlaceOrderBodySchema,
        response: { 201: PlacedOrderSchema, ...errors },
      },
      // authenticate before the body is validated
      onRequest: async (req) => requireMarketplace(ctx, req),
    },
    async (req, reply) => reply.status(201).send(await placeOrder(ctx, req.body)),
  );

  app.post(
    '/m/v2/marketplace/orders/:id/events',
    {
      schema: {
        tags,
        security,
        summary: 'Report a payment or customer event for an order',
        params: z.object({ id: text('id').min(1) }),
        body: MarketplaceEventBodySchema,
        response: { 200: PlacedOrderSchema, ...errors },
      },
      onRequest: async (req) => requireMarketplace(ctx, req),
    },
    async (req) => applyMarketplaceEvent(ctx, req.params.id, req.body),
  );

  app.get(
    '/m/v2/marketplace/merchants/:tmk/offerings',
    {
      schema: {
        tags,
        security,
        summary: "A merchant's active offerings, as the marketplace lists them (shared inventory)",
        params: TmkParamsSchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({ id: z.string(), merchant_sku: z.string(), name: z.string(), price: z.number() }),
            ),
          }),
          ...errors,
        },
      },
      onRequest: async (req) => requireMarketplace(ctx, req),
    },
    async (req) => ({ items: await listMerchantCatalogue(ctx, req.params.tmk) }),
  );
}
