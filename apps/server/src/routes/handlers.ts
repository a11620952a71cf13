/**
 * Every module's handlers, by operationId: the one map registerEndpoints checks against the endpoint table
 * (a missing or extra handler stops the start). A new module adds its handlers here.
 */
import type { OperationId } from '@mc/api';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { EndpointHandlers } from '../lib/endpoint-handlers.ts';
import { marketplaceHandlers } from '../marketplace/routes.ts';
import { alertHandlers } from '../modules/alerts/index.ts';
import { analyticsHandlers } from '../modules/analytics/index.ts';
import { apiKeyHandlers } from '../modules/api-keys/index.ts';
import { authHandlers } from '../modules/auth/index.ts';
import { billingHandlers } from '../modules/billing/index.ts';
import { courierHandlers } from '../modules/courier/index.ts';
import { inventoryHandlers } from '../modules/inventory/index.ts';
import { merchantHandlers } from '../modules/merchants/index.ts';
import { type OrderStreams, orderHandlers } from '../modules/orders/index.ts';
import { smsHandlers } from '../modules/sms/index.ts';
import { teamHandlers } from '../modules/team/index.ts';
import { webhookHandlers } from '../modules/webhooks/index.ts';

export function appHandlers(
  ctx: AppContext,
  streams: OrderStreams,
  log: FastifyBaseLogger,
): EndpointHandlers<OperationId> {
  return {
    ...authHandlers(ctx, log),
    ...teamHandlers(ctx),
    ...alertHandlers(ctx),
    ...merchantHandlers(ctx),
    ...billingHandlers(ctx),
    ...inventoryHandlers(ctx),
    ...orderHandlers(ctx, streams),
    ...analyticsHandlers(ctx),
    ...smsHandlers(ctx),
    ...marketplaceHandlers(ctx),
    ...courierHandlers(ctx),
    ...apiKeyHandlers(ctx),
    ...webhookHandlers(ctx),
  } satisfies EndpointHandlers<OperationId>;
}
