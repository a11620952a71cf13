/** Examples for /openapi.json of the webhook endpoints (endpoint-examples.ts). */
const EVENT_ID = 'evt_01JDQ8Z5K3M7W2X9V4B6N8P0RT';

import { AT, type EndpointExamples } from '../example-values.ts';
import type { webhookEndpoints } from './endpoints.ts';
import type { WebhookEndpoint } from './schemas.ts';

const endpoint: WebhookEndpoint = {
  id: '0b7d5c2a-8e41-4f6b-9a3c-1d2e3f4a5b6c',
  url: 'https://hooks.example.test/orders',
  events: ['order.accepted', 'order.shipped'],
  description: 'Warehouse system',
  application_ref: null,
  include_customer_contact: false,
  status: 'enabled',
  disabled_reason: null,
  created_at: AT,
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const webhookExamples: EndpointExamples<keyof typeof webhookEndpoints> = {
  listWebhooks: { response: { items: [endpoint] } },
  createWebhook: {
    body: { url: endpoint.url, events: endpoint.events, description: 'Warehouse system' },
    response: { ...endpoint, secret },
  },
  updateWebhook: {
    body: { events: ['order.accepted', 'order.shipped', 'order.delivered'] },
    response: { ...endpoint, events: ['order.accepted', 'order.shipped', 'order.delivered'] },
  },
  deleteWebhook: { response: { success: true } },
  rotateWebhookSecret: { response: { ...endpoint, secret } },
  testWebhook: { response: { event_id: 'evt_01JDQ90A7R3S5T7V9X1Z3B5D7F', queued: true } },
  listWebhookDeliveries: {
    response: {
      items: [
        {
          id: '7c6b5a49-3827-4165-9f8e-7d6c5b4a3928',
          event_id: EVENT_ID,
          event_type: 'order.accepted',
          attempt: 1,
          at: AT,
          status_code: 200,
          duration_ms: 84,
          response_body: '{"ok":true}',
          error: null,
        },
      ],
    },
  },
  replayWebhookDelivery: { response: { event_id: EVENT_ID, queued: true } },
  listMarketplaceWebhooks: {
    response: { items: [{ ...endpoint, application_ref: 'sipsy', include_customer_contact: true }] },
  },
  createMarketplaceWebhook: {
    body: { url: 'https://sipsy.example.test/hooks', events: ['order.shipped'], application_ref: 'sipsy' },
    response: {
      ...endpoint,
      url: 'https://sipsy.example.test/hooks',
      events: ['order.shipped'],
      application_ref: 'sipsy',
      include_customer_contact: true,
      description: null,
      secret,
    },
  },
  deleteMarketplaceWebhook: { response: { success: true } },
};
