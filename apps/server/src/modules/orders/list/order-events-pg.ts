/**
 * Order events across processes (DESIGN §6): with a PostgreSQL server, publishing is a pg_notify and
 * one LISTEN connection per process feeds the in-process bus (`ctx.events`) that the SSE route reads.
 * The same connection also listens for session revocations (modules/auth/session-events.ts).
 */
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import type { OrderEvent } from '../../../context.ts';
import { emitSessionNotification, SESSION_EVENTS_CHANNEL } from '../../auth/session-events.ts';

export const ORDER_EVENTS_CHANNEL = 'mc_order_events';

/** Publishes through NOTIFY; if that fails the event still reaches this process's consoles. */
export async function notifyOrderEvent(pool: pg.Pool, events: EventEmitter, e: OrderEvent): Promise<void> {
  try {
    await pool.query('SELECT pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, JSON.stringify(e)]);
  } catch {
    events.emit('order', e);
  }
}

function isOrderEvent(v: unknown): v is OrderEvent {
  const e = v as OrderEvent;
  return (
    Boolean(e) &&
    typeof e.merchant_id === 'string' &&
    typeof e.order_id === 'string' &&
    typeof e.type === 'string'
  );
}

/** One LISTEN client that re-connects after a drop. Returns the function that stops it. */
export async function listenOrderEvents(
  connectionString: string,
  events: EventEmitter,
  log: { warn: (obj: unknown, msg: string) => void },
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** Drops `c` (once) and tries again in a second. */
  const lost = (c: pg.Client, err?: unknown) => {
    if (stopped || client !== c) return;
    client = null;
    log.warn({ err }, 'order events LISTEN connection lost; reconnecting');
    c.end().catch(() => {});
    retry = setTimeout(() => void connect().catch(() => {}), 1000);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === SESSION_EVENTS_CHANNEL && msg.payload) emitSessionNotification(events, msg.payload);
      if (msg.channel !== ORDER_EVENTS_CHANNEL || !msg.payload) return;
      try {
        const e: unknown = JSON.parse(msg.payload);
        if (isOrderEvent(e)) events.emit('order', e);
      } catch {
        /* not ours */
      }
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
      await c.query(`LISTEN ${SESSION_EVENTS_CHANNEL}`);
    } catch (err) {
      lost(c, err);
      throw err;
    }
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
