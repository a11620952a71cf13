/**
 * GET /m/v2/merchant/{tmk}/orders/events: server-sent events for this merchant's new orders and
 * status changes. EventSource cannot send headers, so the console opens it with a single-use ticket
 * (stream-tickets.ts); a bearer header works too. A token in the URL is refused.
 * The stream ends within moments of its session ending (logout, password change or reset, revoke): those
 * announce a session revocation (auth/session-events.ts) that makes the user's streams re-check their
 * session at once. The heartbeat re-checks too, in case an announcement was lost.
 */
import type { OrderStreamEvent } from '@mc/api';
import { isOrderStatus, tabOfStatus } from '@mc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, OrderEvent } from '../../../context.ts';
import type { Principal } from '../../../lib/principal.ts';
import { loadPrincipal, SESSION_REVOKED, type SessionRevokedEvent } from '../../auth/index.ts';

export const HEARTBEAT_MS = 25_000;

/** The open streams of one app, ended when it closes (otherwise close would wait for them). */
export class OrderStreams {
  readonly open = new Set<() => void>();
  closeAll(): void {
    for (const end of [...this.open]) end();
  }
}

export function toStreamEvent(e: OrderEvent): OrderStreamEvent | null {
  if (!isOrderStatus(e.status)) return null;
  return { type: e.type, order_id: e.order_id, status: e.status, tab: tabOfStatus(e.status), at: e.at };
}

export function streamOrderEvents(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  streams: OrderStreams,
  merchantId: string,
  principal: Pick<Principal, 'userId' | 'sessionId'>,
  heartbeatMs = HEARTBEAT_MS,
): void {
  const { open } = streams;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n: connected\n\n');

  const onEvent = (e: OrderEvent) => {
    if (e.merchant_id !== merchantId) return;
    const out = toStreamEvent(e);
    if (out) res.write(`event: ${out.type}\ndata: ${JSON.stringify(out)}\n\n`);
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(beat);
    ctx.events.off('order', onEvent);
    ctx.events.off(SESSION_REVOKED, onRevoked);
    open.delete(end);
    res.end();
  };
  /** Ends the stream unless its session is still live (a 401 from the session check). */
  const recheck = () => {
    if (!ended) loadPrincipal(ctx, principal.sessionId, principal.userId).catch(() => end());
  };
  const onRevoked = (e: SessionRevokedEvent) => {
    if (e.user_id !== principal.userId) return;
    if (e.session_id && e.session_id !== principal.sessionId) return;
    recheck();
  };
  const beat = setInterval(() => {
    res.write(': ping\n\n');
    recheck();
  }, heartbeatMs);
  beat.unref();
  ctx.events.on('order', onEvent);
  ctx.events.on(SESSION_REVOKED, onRevoked);
  open.add(end);
  req.raw.on('close', end);
  res.on('error', end);
}
