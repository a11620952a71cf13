/** The merchant's offerings (inventory). Its part of the endpoint table (endpoints.ts). */
import { merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import { OfferingsQuerySchema, OfferingsResponseSchema } from './schemas.ts';

export const inventoryEndpoints = {
  listOfferings: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/offerings',
    tags: TAGS.inventory,
    summary: 'The merchant’s offerings (inventory)',
    description:
      '`filter[selling_with_marketplace]=true` keeps only items sold through the marketplace; `filter[id]` one item by offering id or retailer item code.',
    access: { capability: 'inventory.read' },
    params: TmkParamsSchema,
    query: OfferingsQuerySchema,
    responses: { 200: OfferingsResponseSchema, ...merchantErrors },
  },
} as const satisfies Record<string, Endpoint>;
