import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { applyDoordashEvent, checkDoordashWebhook } from './doordash-webhook.ts';

/** Courier provider webhooks (DoorDash Drive). */
export function courierHandlers(ctx: AppContext): EndpointHandlers<'receiveDoordashEvent'> {
  return {
    receiveDoordashEvent: {
      rateLimit: { max: 600, timeWindow: '1 minute' },
      preValidation: async (req) => checkDoordashWebhook(ctx, req.headers.authorization),
      handle: async ({ req, body }) => applyDoordashEvent(ctx, body, req.log),
    },
  };
}
