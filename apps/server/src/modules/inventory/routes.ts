import { ErrorBodySchema, OfferingsQuerySchema, OfferingsResponseSchema, TmkParamsSchema } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireMerchant } from '../../plugins/auth.ts';
import { getOfferings, parseOfferingsQuery } from './get-offerings.ts';

const TmkParams = TmkParamsSchema;

export function registerInventoryRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/c/v2/merchants/:tmk/offerings',
    {
      schema: {
        tags: ['Inventory'],
        summary: 'The merchant’s offerings (inventory)',
        description:
          '`filter[selling_with_marketplace]=true` keeps only items sold through the marketplace; `filter[id]` one item by offering id or retailer item code.',
        params: TmkParams,
        querystring: OfferingsQuerySchema,
        response: {
          200: OfferingsResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'inventory.read');
      return getOfferings(ctx, merchant.id, parseOfferingsQuery(req.query));
    },
  );
}
