/** The event feed and webhook endpoints (docs/decisions/0138, 0139). Sending is the worker's (worker.ts). */
import type { WebhookQueued } from '@mc/api';
import { DomainError, WEBHOOK_TEST_EVENT } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { webhookDeliveries } from '../../db/schema.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { requireMarketplace } from '../../lib/marketplace-auth.ts';
import { recordMerchantEvent } from '../orders/index.ts';
import { listDeliveries, queueMessage } from './delivery.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  readEndpoint,
  rotateSecret,
  updateEndpoint,
} from './endpoint-store.ts';
import { readFeed } from './feed.ts';

type WebhookOperation =
  | 'listEvents'
  | 'listMarketplaceEvents'
  | 'listWebhooks'
  | 'createWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'testWebhook'
  | 'listWebhookDeliveries'
  | 'replayWebhookDelivery'
  | 'listMarketplaceWebhooks'
  | 'createMarketplaceWebhook'
  | 'deleteMarketplaceWebhook';

export function webhookHandlers(ctx: AppContext): EndpointHandlers<WebhookOperation> {
  const onRequest = async (req: FastifyRequest) => requireMarketplace(ctx, req);
  const store = (merchantId: string) => ({ merchantId });
  return {
    listEvents: async ({ caller, query }) => readFeed(ctx, { merchantId: caller.merchant.id }, query),
    listMarketplaceEvents: {
      onRequest,
      handle: async ({ query }) => readFeed(ctx, { applicationRef: query.application_ref ?? null }, query),
    },
    listWebhooks: async ({ caller }) => ({ items: await listEndpoints(ctx, store(caller.merchant.id)) }),
    createWebhook: async ({ caller, body }) => createEndpoint(ctx, store(caller.merchant.id), body),
    updateWebhook: async ({ caller, params, body }) =>
      updateEndpoint(ctx, store(caller.merchant.id), params.id, body),
    deleteWebhook: async ({ caller, params }) => deleteEndpoint(ctx, store(caller.merchant.id), params.id),
    rotateWebhookSecret: async ({ caller, params }) =>
      rotateSecret(ctx, store(caller.merchant.id), params.id),
    testWebhook: async ({ caller, params }) => {
      const endpoint = await readEndpoint(ctx, store(caller.merchant.id), params.id);
      // The test event is written and queued for this endpoint only; the worker sends it.
      const queued: WebhookQueued = await ctx.database.db.transaction(async (tx) => {
        const event = await recordMerchantEvent(tx, caller.merchant, WEBHOOK_TEST_EVENT, {
          test: { message: 'A test event from the merchant console' },
        });
        await queueMessage(
          { database: { ...ctx.database, db: tx } },
          endpoint.id,
          event.seq,
          `test:${event.id}`,
        );
        return { event_id: event.id, queued: true };
      });
      return queued;
    },
    listWebhookDeliveries: async ({ caller, params }) => {
      await readEndpoint(ctx, store(caller.merchant.id), params.id);
      return { items: await listDeliveries(ctx, params.id) };
    },
    replayWebhookDelivery: async ({ caller, params }) => {
      const endpoint = await readEndpoint(ctx, store(caller.merchant.id), params.id);
      const [delivery] = await ctx.database.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.id, params.delivery_id), eq(webhookDeliveries.endpoint_id, endpoint.id)),
        )
        .limit(1);
      if (!delivery) throw new DomainError('NOT_FOUND', 'Delivery not found');
      if (delivery.event_seq === null)
        throw new DomainError('CONFLICT', 'The event is older than 30 days and can no longer be sent');
      await queueMessage(ctx, endpoint.id, delivery.event_seq, `replay:${delivery.id}:${Date.now()}`);
      return { event_id: delivery.event_id, queued: true as const };
    },
    listMarketplaceWebhooks: {
      onRequest,
      handle: async () => ({ items: await listEndpoints(ctx, 'marketplace') }),
    },
    createMarketplaceWebhook: {
      onRequest,
      handle: async ({ body }) => createEndpoint(ctx, 'marketplace', body),
    },
    deleteMarketplaceWebhook: {
      onRequest,
      handle: async ({ params }) => deleteEndpoint(ctx, 'marketplace', params.id),
    },
  };
}
