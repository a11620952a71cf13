import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { listOfferings } from './get-offerings.ts';

export function inventoryHandlers(ctx: AppContext): EndpointHandlers<'listOfferings'> {
  return { listOfferings: async ({ caller, query }) => listOfferings(ctx, caller.merchant.id, query) };
}
