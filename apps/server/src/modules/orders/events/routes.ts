import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { openOrderEventStream, refuseApiKey } from './open-event-stream.ts';
import type { OrderStreams } from './order-events-stream.ts';
import { issueStreamTicket } from './stream-tickets.ts';

/** The live order events: a ticket to open the stream, and the stream. */
export function orderEventHandlers(
  ctx: AppContext,
  streams: OrderStreams,
): EndpointHandlers<'createEventsTicket' | 'streamOrderEvents'> {
  return {
    createEventsTicket: async ({ caller }) => {
      // A key has no session to bind a ticket to, and its scopes are for the event feed (docs/decisions/0140).
      refuseApiKey(caller.principal);
      return issueStreamTicket(ctx, caller.principal, caller.merchant.id);
    },
    streamOrderEvents: {
      authorize: 'handler',
      handle: async ({ req, reply, query, authorize }) =>
        openOrderEventStream(ctx, streams, { req, reply, query, authorize }),
    },
  };
}
