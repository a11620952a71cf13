/**
 * The `webhooks` section of /openapi.json (OpenAPI 3.1): one POST per event type, as a subscribed endpoint
 * receives it (docs/decisions/0138, 0139). The body is the `Event` component the feed lists too.
 */
import { ENVELOPE_EVENT_TYPES } from '@mc/domain';

type Json = Record<string, unknown>;

const WHAT: Record<(typeof ENVELOPE_EVENT_TYPES)[number], string> = {
  'order.created': 'An order came in from the marketplace.',
  'order.accepted': 'The store accepted the order (the payment was captured).',
  'order.rejected': 'The store rejected the order.',
  'order.on_hold': 'The store put the order on hold for an item problem (out of stock, wrong price).',
  'order.items_changed': 'The customer accepted the changed items; the order is back with the store.',
  'order.tracking_added': 'The store added or changed the tracking of a shipped order.',
  'order.shipped': 'The order left the store (shipped, or handed to a courier).',
  'order.delivered': 'The order was delivered.',
  'order.cancelled': 'The order was cancelled.',
  'order.delivery_failed': 'A delivery attempt failed (the order may be cancelled with it).',
  'batch.completed': 'A bulk batch (bulk accept, bulk downloads) finished; `data.batch` is the batch.',
  'webhook.test': 'A test send from the store’s Developers page (`data.test`).',
};

const HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id; the same for every delivery of the event (deduplicate on it).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in unix seconds (refuse old ones).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret’s decoded bytes; two, space-separated, for 24 hours after a rotation.',
    schema: { type: 'string' },
  },
];

/** The section, with the body as a reference to the `Event` component schema. */
export function webhooksSection(eventRef: string): Json {
  return Object.fromEntries(
    ENVELOPE_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['Webhooks'],
          summary: `${type}: ${WHAT[type]}`,
          description:
            'Sent to every enabled endpoint subscribed to this type. A 2xx answer within 10 s is a delivery; ' +
            'anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the endpoint is ' +
            'turned off. 410 turns it off at once.',
          parameters: HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: eventRef } } } },
          responses: {
            '200': { description: 'Received (any 2xx).' },
            '410': { description: 'Gone: the endpoint is turned off and receives nothing more.' },
          },
          security: [],
        },
      },
    ]),
  );
}
