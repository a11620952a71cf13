import { ordersListPath, ordersSearchPath } from '@mc/api';
import { SEARCH_PAGE_SIZE } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { listOrders } from './list-orders.ts';
import { getOrderCounts } from './order-counts.ts';
import { getOrderFilters } from './order-filters.ts';

type OrderListOperation = 'listOrders' | 'searchOrders' | 'getOrderCounts' | 'getOrderFilters';

/** The orders list, search, counts and filters. */
export function orderListHandlers(ctx: AppContext): EndpointHandlers<OrderListOperation> {
  const { query: sql } = ctx.database;
  return {
    listOrders: async ({ caller, params, query }) =>
      listOrders(sql, caller.merchant, query, { basePath: ordersListPath(params.tmk) }),
    searchOrders: async ({ caller, params, query }) =>
      listOrders(sql, caller.merchant, query, {
        basePath: ordersSearchPath(params.tmk),
        defaultLimit: SEARCH_PAGE_SIZE,
      }),
    getOrderCounts: async ({ caller }) => getOrderCounts(sql, caller.merchant.id),
    getOrderFilters: async () => getOrderFilters(sql),
  };
}
