/**
 * GET /m/v2/merchant/{tmk}/orders/events: server-sent events for this merchant's new orders and
 * status changes. EventSource cannot send headers, so this route (only this one) also takes the
 * token as `?access_token=`. The session is checked again on every heartbeat: a logout or a revoke
 * ends the stream.
 */
import type { OrderStreamEvent } from '@mc/api';
import { isOrderStatus, tabOfStatus } from '@mc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, OrderEvent } from '../../../context.ts';
import { resolvePrincipal } from '../../auth/sessions.ts';

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

/** Uses `?access_token=` when no Authorization header came (EventSource). */
export async function principalFromQueryToken(
  ctx: AppContext,
  req: FastifyRequest,
  token: string | undefined,
): Promise<void> {
  if (!req.headers.authorization && token) req.principal = await resolvePrincipal(ctx, token);
}

export function streamOrderEvents(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  streams: OrderStreams,
  merchantId: string,
  sessionToken: string | null,
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
    open.delete(end);
    res.end();
  };
  const beat = setInterval(() => {
    res.write(': ping\n\n');
    if (sessionToken) resolvePrincipal(ctx, sessionToken).catch(() => end());
  }, heartbeatMs);
  beat.unref();
  ctx.events.on('order', onEvent);
  open.add(end);
  req.raw.on('close', end);
  res.on('error', end);
}
