/** Courier provider webhooks (tag Integrations). Its part of the endpoint table (endpoints.ts). */
import { bodyErrors, errors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { DoordashEventReceiptSchema, DoordashEventSchema } from './schemas.ts';

export const courierEndpoints = {
  receiveDoordashEvent: {
    method: 'POST',
    path: '/v1/courier/doordash/events',
    tags: TAGS.integrations,
    summary: 'DoorDash Drive delivery events (webhook)',
    description:
      'Authenticated by the Authorization header registered with DoorDash (DOORDASH_WEBHOOK_SECRET). ' +
      "Updates the order's courier info; answers 401 without changing anything when the header is wrong.",
    access: 'signed',
    body: DoordashEventSchema,
    responses: { 200: DoordashEventReceiptSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
