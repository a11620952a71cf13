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
import { outageLogOf } from '../../../lib/outage-log.ts';
import type { Principal } from '../../../lib/principal.ts';
import { loadPrincipal, SESSION_REVOKED, type SessionRevokedEvent } from '../../auth/index.ts';
import { releaseStreamPlaces, renewStreamPlaces, STREAM_PLACE_RENEW_MS } from './stream-tickets.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * The open streams of one app, ended when it closes (otherwise close would wait for them), and the places
 * they hold in the session's limit (stream-tickets.ts): renewed while open, given back when they end.
 */
export class OrderStreams {
  readonly open = new Set<() => void>();
  private readonly places = new Set<string>();
  private readonly releasing = new Set<Promise<void>>();
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx?: Pick<AppContext, 'database'>,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {}

  closeAll(): void {
    for (const end of [...this.open]) end();
  }

  /** A stream took `place`: renew it until `release`. */
  hold(place: string): void {
    this.places.add(place);
    if (!this.renewTimer && this.ctx) {
      this.renewTimer = setInterval(() => void this.renew(), STREAM_PLACE_RENEW_MS);
      this.renewTimer.unref();
    }
  }

  /** The stream of `place` ended: its place is free for the session's next stream. */
  release(place: string): void {
    if (!this.places.delete(place) || !this.ctx) return;
    if (this.places.size === 0) this.stopRenewing();
    const done = releaseStreamPlaces(this.ctx, [place])
      .catch((err) => this.failed(err, 'event stream place not given back; it expires by itself'))
      .finally(() => this.releasing.delete(done));
    this.releasing.add(done);
  }

  /** Waits for the places being given back (the app's close, before the database closes). */
  async settled(): Promise<void> {
    this.stopRenewing();
    await Promise.all([...this.releasing]);
  }

  private async renew(): Promise<void> {
    if (!this.ctx || this.places.size === 0) return;
    await renewStreamPlaces(this.ctx, [...this.places]).catch((err) =>
      this.failed(err, 'event stream places not renewed; retrying'),
    );
  }

  private stopRenewing(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  private failed(err: unknown, msg: string): void {
    if (!this.log) return;
    if (!outageLogOf(this.log).report('event stream', err, msg)) this.log.warn({ err }, msg);
  }
}

export function toStreamEvent(e: OrderEvent): OrderStreamEvent | null {
  if (!isOrderStatus(e.status)) return null;
  const version = typeof e.version === 'number' ? { version: e.version } : {};
  return {
    type: e.type,
    order_id: e.order_id,
    status: e.status,
    tab: tabOfStatus(e.status),
    ...version,
    at: e.at,
  };
}

export function streamOrderEvents(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  streams: OrderStreams,
  merchantId: string,
  principal: Pick<Principal, 'userId' | 'sessionId'>,
  heartbeatMs = HEARTBEAT_MS,
  place?: string,
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
    if (place) streams.release(place);
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
  if (place) streams.hold(place);
  req.raw.on('close', end);
  res.on('error', end);
}
