import { ordersListPath, ordersSearchPath } from '@mc/api';
import { SEARCH_PAGE_SIZE } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { listOrders } from './list-orders.ts';
import { openOrderEventStream } from './open-event-stream.ts';
import { getOrderCounts } from './order-counts.ts';
import type { OrderStreams } from './order-events-stream.ts';
import { getOrderFilters } from './order-filters.ts';
import { issueStreamTicket } from './stream-tickets.ts';

type OrderListOperation =
  | 'listOrders'
  | 'searchOrders'
  | 'getOrderCounts'
  | 'getOrderFilters'
  | 'createEventsTicket'
  | 'streamOrderEvents';

/** The orders list, search, counts, filters and the live events stream. */
export function orderListHandlers(
  ctx: AppContext,
  streams: OrderStreams,
): EndpointHandlers<OrderListOperation> {
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
    createEventsTicket: async ({ caller }) => issueStreamTicket(ctx, caller.principal, caller.merchant.id),
    streamOrderEvents: {
      authorize: 'handler',
      handle: async ({ req, reply, query, authorize }) =>
        openOrderEventStream(ctx, streams, { req, reply, query, authorize }),
    },
  };
}
