import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { sendDirections } from './send-directions.ts';

export function smsHandlers(ctx: AppContext): EndpointHandlers<'sendDirectionsSms'> {
  return {
    sendDirectionsSms: {
      rateLimit: { max: 20, timeWindow: '1 minute' },
      handle: async ({ caller, body }) => sendDirections(ctx, caller.merchant, body),
    },
  };
}
