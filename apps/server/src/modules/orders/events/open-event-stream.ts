import { DomainError } from '@mc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { Caller, Principal } from '../../../lib/principal.ts';
import { HEARTBEAT_MS, type OrderStreams, streamOrderEvents } from './order-events-stream.ts';
import { claimStreamPlace, redeemStreamTicket } from './stream-tickets.ts';

/** The console's live stream is a person's (its places are a session's): integrations read the event feed. */
export const API_KEY_STREAM_MESSAGE =
  'API keys cannot open the console’s live order stream. Read the event feed or use webhooks instead.';

export function refuseApiKey(principal: Principal): void {
  if (principal.apiKey) throw new DomainError('FORBIDDEN', API_KEY_STREAM_MESSAGE);
}

const TOKEN_IN_URL_MESSAGE =
  'Tokens are not accepted in URLs. Use a ticket from POST …/orders/events/ticket.';

/**
 * GET …/orders/events: a ticket (EventSource) or the bearer header identifies the caller; a token in the
 * URL is refused. `authorize` is the endpoint's merchant check, run once the caller is known.
 */
export async function openOrderEventStream(
  ctx: AppContext,
  streams: OrderStreams,
  input: {
    req: FastifyRequest;
    reply: FastifyReply;
    query: { ticket?: string; [key: string]: unknown };
    authorize: () => Promise<Caller>;
  },
): Promise<FastifyReply> {
  const { req, reply, query } = input;
  if ('access_token' in query) {
    throw new DomainError('VALIDATION', TOKEN_IN_URL_MESSAGE, {
      errors: [{ path: 'access_token', message: TOKEN_IN_URL_MESSAGE }],
    });
  }
  if (query.ticket && !req.headers.authorization) {
    const { principal, merchantId } = await redeemStreamTicket(ctx, query.ticket);
    // A ticket opens the stream of the merchant it was issued for, nothing else.
    if (principal.merchantId !== merchantId) throw new DomainError('NOT_FOUND', 'Merchant not found');
    req.principal = principal;
  }
  const { principal, merchant } = await input.authorize();
  refuseApiKey(principal);
  // One of the session's MAX_STREAMS_PER_SESSION places, or 429 before the stream starts.
  const place = await claimStreamPlace(ctx, principal.sessionId, merchant.id);
  streamOrderEvents(ctx, req, reply, streams, merchant.id, principal, HEARTBEAT_MS, place);
  return reply;
}
