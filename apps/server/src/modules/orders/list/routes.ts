import {
  ErrorBodySchema,
  EventsQuerySchema,
  OrderCountsSchema,
  OrderFiltersSchema,
  OrdersListQuerySchema,
  OrdersListResponseSchema,
  TmkParamsSchema,
} from '@mc/api';
import { SEARCH_PAGE_SIZE } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireMerchant } from '../../../plugins/auth.ts';
import { listOrders } from './list-orders.ts';
import { getOrderCounts } from './order-counts.ts';
import { OrderStreams, principalFromQueryToken, streamOrderEvents } from './order-events-stream.ts';
import { getOrderFilters } from './order-filters.ts';

const TmkParams = TmkParamsSchema;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const base = (tmk: string) => `/m/v2/merchant/${encodeURIComponent(tmk)}/orders`;

export function registerOrderListRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const query = ctx.database.query;
  const streams = new OrderStreams();

  app.get(
    '/m/v2/merchant/:tmk/orders/optimized',
    {
      schema: {
        tags,
        summary: 'Orders list (tabs, filters, sort, keyset paging)',
        description:
          'Page size 30 by default (max 100). `next_url` carries a keyset cursor; `offset` is accepted too. ' +
          '`filter[search]` (order id), `filter[recipient_name]` and `filter[customer_email]` search the list.',
        params: TmkParams,
        querystring: OrdersListQuerySchema,
        response: { 200: OrdersListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return listOrders(query, merchant, req.query, { basePath: `${base(req.params.tmk)}/optimized` });
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/optimize',
    {
      schema: {
        tags,
        summary: 'Order search (alias of the list, 10 results by default)',
        params: TmkParams,
        querystring: OrdersListQuerySchema,
        response: { 200: OrdersListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return listOrders(query, merchant, req.query, {
        basePath: `${base(req.params.tmk)}/optimize`,
        defaultLimit: SEARCH_PAGE_SIZE,
      });
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/count',
    {
      schema: {
        tags,
        summary: 'Order counts per tab',
        params: TmkParams,
        response: { 200: OrderCountsSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return getOrderCounts(query, merchant.id);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/filters',
    {
      schema: {
        tags,
        summary: 'Filter options of the list',
        params: TmkParams,
        response: { 200: OrderFiltersSchema, ...errors },
      },
    },
    async (req) => {
      await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return getOrderFilters(query);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/events',
    {
      schema: {
        tags,
        summary: 'Live order events (server-sent events)',
        description:
          'text/event-stream of `order.created` and `order.updated` events of this merchant. ' +
          'EventSource cannot send headers: this route also accepts the token as `?access_token=`.',
        params: TmkParams,
        querystring: EventsQuerySchema,
        response: errors,
      },
    },
    async (req, reply) => {
      await principalFromQueryToken(ctx, req, req.query.access_token);
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      const header = req.headers.authorization?.startsWith('Bearer ')
        ? req.headers.authorization.slice(7).trim()
        : null;
      streamOrderEvents(ctx, req, reply, streams, merchant.id, header || req.query.access_token || null);
      return reply;
    },
  );

  root.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
}
