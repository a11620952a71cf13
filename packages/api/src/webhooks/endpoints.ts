/**
 * Webhook endpoints: a store's (owner, `webhooks.manage`) and a storefront's (the marketplace key), their
 * secrets, test sends and the delivery log (docs/decisions/0139). Its part of the endpoint table
 * (endpoints.ts).
 */
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  CreateMarketplaceWebhookBodySchema,
  CreateWebhookBodySchema,
  MarketplaceWebhookParamsSchema,
  UpdateWebhookBodySchema,
  WebhookDeletedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookParamsSchema,
  WebhookQueuedSchema,
} from './schemas.ts';

const manage = { capability: 'webhooks.manage' } as const;

export const webhookEndpoints = {
  listWebhooks: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/webhooks',
    tags: TAGS.webhooks,
    summary: 'The store’s webhook endpoints',
    access: manage,
    params: TmkParamsSchema,
    responses: { 200: WebhookEndpointListSchema, ...merchantErrors },
  },
  createWebhook: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks',
    tags: TAGS.webhooks,
    summary: 'Add a webhook endpoint; the answer shows its signing secret, once',
    description:
      'Deliveries are signed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). ' +
      'A URL that reaches a loopback, private, link-local or metadata address is refused (400).',
    access: manage,
    params: TmkParamsSchema,
    body: CreateWebhookBodySchema,
    responses: { 201: WebhookEndpointWithSecretSchema, ...merchantErrors, ...bodyErrors },
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}',
    tags: TAGS.webhooks,
    summary: 'Change a webhook endpoint’s URL, events or description, or turn it on or off',
    access: manage,
    params: WebhookParamsSchema,
    body: UpdateWebhookBodySchema,
    responses: { 200: WebhookEndpointSchema, ...merchantErrors, ...bodyErrors },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}',
    tags: TAGS.webhooks,
    summary: 'Remove a webhook endpoint (its pending deliveries are dropped)',
    access: manage,
    params: WebhookParamsSchema,
    responses: { 200: WebhookDeletedSchema, ...merchantErrors, ...bodyErrors },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/rotate_secret',
    tags: TAGS.webhooks,
    summary: 'A new signing secret, shown once; the old one keeps signing beside it for 24 hours',
    access: manage,
    params: WebhookParamsSchema,
    responses: { 200: WebhookEndpointWithSecretSchema, ...merchantErrors, ...bodyErrors },
  },
  testWebhook: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/test',
    tags: TAGS.webhooks,
    summary: 'Send a `webhook.test` event to the endpoint (queued; see its deliveries)',
    access: manage,
    params: WebhookParamsSchema,
    responses: { 202: WebhookQueuedSchema, ...merchantErrors, ...bodyErrors },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries',
    tags: TAGS.webhooks,
    summary: 'The endpoint’s latest delivery attempts, newest first',
    access: manage,
    params: WebhookParamsSchema,
    responses: { 200: WebhookDeliveryListSchema, ...merchantErrors },
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries/{delivery_id}/replay',
    tags: TAGS.webhooks,
    summary: 'Send a delivery’s event to the endpoint again (queued; same `webhook-id`)',
    access: manage,
    params: WebhookDeliveryParamsSchema,
    responses: { 202: WebhookQueuedSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  listMarketplaceWebhooks: {
    method: 'GET',
    path: '/m/v2/marketplace/webhooks',
    tags: TAGS.webhooks,
    summary: 'The storefront’s webhook endpoints',
    access: 'marketplace',
    responses: { 200: WebhookEndpointListSchema, ...errors(400, 401) },
  },
  createMarketplaceWebhook: {
    method: 'POST',
    path: '/m/v2/marketplace/webhooks',
    tags: TAGS.webhooks,
    summary: 'Add a storefront endpoint: every change of its orders across merchants, signing secret once',
    access: 'marketplace',
    body: CreateMarketplaceWebhookBodySchema,
    responses: { 201: WebhookEndpointWithSecretSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  deleteMarketplaceWebhook: {
    method: 'DELETE',
    path: '/m/v2/marketplace/webhooks/{id}',
    tags: TAGS.webhooks,
    summary: 'Remove a storefront endpoint',
    access: 'marketplace',
    params: MarketplaceWebhookParamsSchema,
    responses: { 200: WebhookDeletedSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
