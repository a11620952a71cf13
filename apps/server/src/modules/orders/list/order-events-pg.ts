/**
 * Order events across processes (DESIGN §6): with a PostgreSQL server, publishing is a pg_notify and
 * one LISTEN connection per process feeds the in-process bus (`ctx.events`) that the SSE route reads.
 * The same connection also listens for session revocations (modules/auth/session-events.ts).
 */
import type { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { OrderEvent } from '../../../context.ts';
import { createPgListener, type PgListenerLog } from '../../../db/pg-listener.ts';
import { emitSessionNotification, SESSION_EVENTS_CHANNEL } from '../../auth/index.ts';

export const ORDER_EVENTS_CHANNEL = 'mc_order_events';

/** Publishes through NOTIFY; if that fails the event still reaches this process's consoles. */
export async function notifyOrderEvent(pool: pg.Pool, events: EventEmitter, e: OrderEvent): Promise<void> {
  // A pooled connection the server has just dropped fails the first query on it: try once more on a fresh
  // one, so other processes still hear of the change. Only when the database stays away does the event
  // reach this process's own streams alone.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await pool.query('SELECT pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, JSON.stringify(e)]);
      return;
    } catch {
      /* try again, then fall back */
    }
  }
  events.emit('order', e);
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

/**
 * This process's LISTEN for order events (db/pg-listener.ts: reconnects with back-off and LISTENs again,
 * so a database outage never ends the process). Returns the function that stops it.
 */
export async function listenOrderEvents(
  connectionString: string,
  events: EventEmitter,
  log: PgListenerLog,
): Promise<() => Promise<void>> {
  const listener = await createPgListener(connectionString, log);
  await listener.listen(ORDER_EVENTS_CHANNEL, (payload) => {
    try {
      const e: unknown = JSON.parse(payload);
      if (isOrderEvent(e)) events.emit('order', e);
    } catch {
      /* not ours */
    }
  });
  await listener.listen(SESSION_EVENTS_CHANNEL, (payload) => emitSessionNotification(events, payload));
  return () => listener.close();
}
