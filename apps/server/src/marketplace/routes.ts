import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { EndpointHandlers } from '../lib/endpoint-handlers.ts';
import { requireMarketplace } from '../lib/marketplace-auth.ts';
import { syncCatalogue } from './catalogue-sync.ts';
import { applyMarketplaceEvent, listMerchantOfferings, placeOrder } from './place-order.ts';

type MarketplaceOperation =
  | 'placeOrder'
  | 'reportMarketplaceEvent'
  | 'listMarketplaceOfferings'
  | 'syncMarketplaceOfferings';

/** The marketplace side: order intake and payment/customer events, with the server credential. */
export function marketplaceHandlers(ctx: AppContext): EndpointHandlers<MarketplaceOperation> {
  // Authenticates before the body is validated.
  const onRequest = async (req: FastifyRequest) => requireMarketplace(ctx, req);
  return {
    placeOrder: { onRequest, handle: async ({ body }) => placeOrder(ctx, body) },
    reportMarketplaceEvent: {
      onRequest,
      handle: async ({ params, body }) => applyMarketplaceEvent(ctx, params.id, body),
    },
    listMarketplaceOfferings: {
      onRequest,
      handle: async ({ params }) => listMerchantOfferings(ctx, params.tmk),
    },
    syncMarketplaceOfferings: {
      onRequest,
      handle: async ({ params, body }) => syncCatalogue(ctx.database, params.tmk, body.items),
    },
  };
}
