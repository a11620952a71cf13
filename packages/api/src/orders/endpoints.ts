/**
 * Orders (/m/v2): the list, search, counts and filters, the live events, one order and its changes (status,
 * data, courier, ship, failed delivery) and its map. Its part of the endpoint table (endpoints.ts).
 */
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import { binary, type Endpoint, eventStream } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  CourierBodySchema,
  FailedDeliveryBodySchema,
  MerchantOrderParamsSchema,
  OrderDataBodySchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  ShipOrderBodySchema,
  UpdateOrderBodySchema,
} from './detail-schemas.ts';
import {
  EventsQuerySchema,
  EventsTicketSchema,
  OrderCountsSchema,
  OrderFiltersSchema,
  OrderStreamEventSchema,
  OrdersListQuerySchema,
  OrdersListResponseSchema,
} from './list-schemas.ts';

export const orderEndpoints = {
  listOrders: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimized',
    tags: TAGS.orders,
    summary: 'Orders list (tabs, filters, sort, keyset paging)',
    description:
      'Page size 30 by default (max 100). `next_url` carries a keyset cursor; `offset` is accepted too. ' +
      '`filter[search]` (order id), `filter[recipient_name]` and `filter[customer_email]` search the list.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: OrdersListQuerySchema,
    // The console's hottest request: the same few list URLs over and over (docs/decisions/0111).
    validation: { cache: ['params', 'query'] },
    responses: { 200: OrdersListResponseSchema, ...merchantErrors },
  },
  searchOrders: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimize',
    tags: TAGS.orders,
    summary: 'Order search (alias of the list, 10 results by default)',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: OrdersListQuerySchema,
    validation: { cache: ['params', 'query'] },
    responses: { 200: OrdersListResponseSchema, ...merchantErrors },
  },
  getOrderCounts: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/count',
    tags: TAGS.orders,
    summary: 'Order counts per tab',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: OrderCountsSchema, ...merchantErrors },
  },
  getOrderFilters: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/filters',
    tags: TAGS.orders,
    summary: 'Filter options of the list',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: OrderFiltersSchema, ...merchantErrors },
  },
  createEventsTicket: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/events/ticket',
    tags: TAGS.orders,
    summary: 'A ticket to open the live order events stream',
    description:
      'EventSource cannot send an Authorization header. Ask for a ticket with your bearer token, then open ' +
      '`GET …/orders/events?ticket=…` within 60 seconds. A ticket works once, for this merchant, and only ' +
      'while the session that asked for it lasts.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: EventsTicketSchema, ...merchantErrors, ...bodyErrors },
  },
  streamOrderEvents: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/events',
    tags: TAGS.orders,
    summary: 'Live order events (server-sent events)',
    description:
      'text/event-stream of `order.created` and `order.updated` events of this merchant. ' +
      'Authenticate with `Authorization: Bearer`, or (EventSource) with `?ticket=` from ' +
      '`POST …/orders/events/ticket`. Tokens in the URL (`access_token`) are refused. ' +
      'The stream ends when its session ends (logout, password change, revoke). ' +
      'A session may hold 10 open streams at once (all API processes together): the 11th is refused ' +
      'with 429 until one of them is closed.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: EventsQuerySchema,
    responses: {
      200: eventStream(OrderStreamEventSchema, '`event:` is the type, `data:` the event as JSON'),
      ...merchantErrors,
      ...errors(429),
    },
  },
  getOrder: {
    method: 'GET',
    path: '/m/v2/orders/{id}',
    tags: TAGS.orders,
    summary: 'One order with items, money, delivery, tracking, courier info, rejection message and history',
    access: { capability: 'orders.read' },
    params: OrderIdParamsSchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors },
  },
  updateOrder: {
    method: 'PUT',
    path: '/m/v2/orders/{id}',
    tags: TAGS.orders,
    summary: 'Change the order status (accept, reject, put on hold, ship, deliver)',
    description:
      'Checked against the transition table; a refused change is 409 naming both statuses. Accepting captures the payment: ' +
      'a declined capture answers 200 with status PAYMENT_DECLINED. The update succeeded only if the returned status is the requested one. ' +
      "Closing (CLOSED) an order the store's own driver delivered (on_demand, or scheduled without a courier) needs " +
      'delivery_info.age_verification {birth_date, id_type, checked_by}: 400 when it is missing, the date is invalid or the ' +
      "person is under 21 on the delivery date in the store's time zone. Shipping and courier orders are exempt. " +
      'Only the outcome is kept (21+, ID type, who, when): the birth date is never stored.',
    access: { capability: 'orders.write' },
    params: OrderIdParamsSchema,
    body: UpdateOrderBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  getOrderMap: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/map',
    tags: TAGS.orders,
    summary: 'Static map image of the delivery address (640x480, zoom 16, marker)',
    access: { capability: 'orders.read' },
    params: MerchantOrderParamsSchema,
    responses: { 200: binary(['image/png', 'image/svg+xml'], 'The map image'), ...merchantErrors },
  },
  saveOrderData: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/data',
    tags: TAGS.orders,
    summary:
      'Save order data that keeps the status (tracking, rejection message, delivery details, instructions)',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: OrderDataBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  requestCourier: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/courier',
    tags: TAGS.orders,
    summary: 'Call a courier (pickup request); the order becomes MERCHANT_SHIPPED with the courier info',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: CourierBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409, 422, 502), ...bodyErrors },
  },
  shipOrder: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/ship',
    tags: TAGS.orders,
    summary: 'Out for delivery (or ship with tracking): MERCHANT_SHIPPED',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: ShipOrderBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  failedDelivery: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/failed_delivery',
    tags: TAGS.orders,
    summary:
      "Record a failed delivery by the store's driver: cancel with the restocking fee, or back to accepted",
    description:
      "Only for an order out for delivery with the store's driver (MERCHANT_SHIPPED, on-demand or scheduled, " +
      'no courier, no tracking), else 409. `no_valid_id` and `underage` cancel the order (CANCELLED) with the ' +
      "terms' $20 restocking fee: the payment is refunded except the fee, `transaction.restocking_fee` and " +
      '`transaction.refunded` show it and `transaction.total` becomes the fee. A refused refund is 422 and a ' +
      'provider that does not answer is 503; neither changes the order. `refused`, `no_one_home` and ' +
      '`wrong_address` move the order back to MERCHANT_ACCEPTED for another attempt; `failed_delivery.suggest_cancel` ' +
      'is true after the second failed attempt. Two concurrent calls have one effect (the second is 409).',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: FailedDeliveryBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409, 422, 503), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
