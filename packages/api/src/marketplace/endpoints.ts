/**
 * The marketplace side: order intake, order events and the shared offerings, with the server credential. Its
 * part of the endpoint table (endpoints.ts).
 */
import { bodyErrors, errors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import { OrderIdParamsSchema } from '../orders/detail-schemas.ts';
import {
  CatalogueSyncBodySchema,
  CatalogueSyncResultSchema,
  MarketplaceEventBodySchema,
  MarketplaceOfferingsSchema,
  PlacedOrderSchema,
  PlaceOrderBodySchema,
} from './schemas.ts';

export const marketplaceEndpoints = {
  placeOrder: {
    method: 'POST',
    path: '/m/v2/marketplace/orders',
    tags: TAGS.marketplace,
    summary: 'Place an order for a merchant',
    access: 'marketplace',
    body: PlaceOrderBodySchema,
    responses: { 201: PlacedOrderSchema, ...errors(400, 401, 404, 409), ...bodyErrors },
  },
  reportMarketplaceEvent: {
    method: 'POST',
    path: '/m/v2/marketplace/orders/{id}/events',
    tags: TAGS.marketplace,
    summary: 'Report a payment or customer event for an order',
    access: 'marketplace',
    params: OrderIdParamsSchema,
    body: MarketplaceEventBodySchema,
    responses: { 200: PlacedOrderSchema, ...errors(400, 401, 404, 409), ...bodyErrors },
  },
  listMarketplaceOfferings: {
    method: 'GET',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    tags: TAGS.marketplace,
    summary: "A merchant's active offerings, as the marketplace lists them (shared inventory)",
    access: 'marketplace',
    params: TmkParamsSchema,
    responses: { 200: MarketplaceOfferingsSchema, ...errors(400, 401, 404, 409) },
  },
  syncMarketplaceOfferings: {
    method: 'PUT',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    tags: TAGS.marketplace,
    summary: "Sync a merchant's catalogue: upsert offerings by merchant_sku (1 to 1,000 a call)",
    description:
      'Idempotent: the same call twice leaves the same rows and answers `unchanged` for every line. Lines ' +
      'not in the call are left as they are (send `active: false` to stop selling one). A bad line is a 400 ' +
      'naming its field (`items[3].price`) and nothing is changed.',
    access: 'marketplace',
    params: TmkParamsSchema,
    body: CatalogueSyncBodySchema,
    responses: { 200: CatalogueSyncResultSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
