import {
  ErrorBodySchema,
  EventsQuerySchema,
  EventsTicketSchema,
  OrderCountsSchema,
  OrderFiltersSchema,
  OrdersListQuerySchema,
  OrdersListResponseSchema,
  TmkParamsSchema,
} from '@mc/api';
import { DomainError, SEARCH_PAGE_SIZE } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireMerchant } from '../../../plugins/auth.ts';
import { listOrders } from './list-orders.ts';
import { getOrderCounts } from './order-counts.ts';
import { OrderStreams, streamOrderEvents } from './order-events-stream.ts';
import { getOrderFilters } from './order-filters.ts';
import { issueStreamTicket, redeemStreamTicket } from './stream-tickets.ts';

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

  app.post(
    '/m/v2/merchant/:tmk/orders/events/ticket',
    {
      schema: {
        tags,
        summary: 'A ticket to open the live order events stream',
        description:
          'EventSource cannot send an Authorization header. Ask for a ticket with your bearer token, then open ' +
          '`GET …/orders/events?ticket=…` within 60 seconds. A ticket works once, for this merchant, and only ' +
          'while the session that asked for it lasts.',
        params: TmkParams,
        response: { 200: EventsTicketSchema, ...errors },
      },
    },
    async (req) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return issueStreamTicket(ctx, principal, merchant.id);
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
          'Authenticate with `Authorization: Bearer`, or (EventSource) with `?ticket=` from ' +
          '`POST …/orders/events/ticket`. Tokens in the URL (`access_token`) are refused. ' +
          'The stream ends when its session ends (logout, password change, revoke).',
        params: TmkParams,
        querystring: EventsQuerySchema,
        response: errors,
      },
    },
    async (req, reply) => {
      if ('access_token' in req.query) {
        const message = 'Tokens are not accepted in URLs. Use a ticket from POST …/orders/events/ticket.';
        throw new DomainError('VALIDATION', message, { errors: [{ path: 'access_token', message }] });
      }
      if (req.query.ticket && !req.headers.authorization) {
        const { principal, merchantId } = await redeemStreamTicket(ctx, req.query.ticket);
        // A ticket opens the stream of the merchant it was issued for, nothing else.
        if (principal.merchantId !== merchantId) throw new DomainError('NOT_FOUND', 'Merchant not found');
        req.principal = principal;
      }
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      streamOrderEvents(ctx, req, reply, streams, merchant.id, principal);
      return reply;
    },
  );

  root.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
}
