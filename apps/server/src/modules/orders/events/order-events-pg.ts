/**
 * Order events across processes: with a PostgreSQL server, the outbox relay publishes with
 * pg_notify (order-events-relay.ts) and one LISTEN connection per process feeds the in-process bus
 * (`ctx.events`) that the SSE route reads.
 * The same connection also listens for session revocations (modules/auth/session-events.ts).
 */
import type { EventEmitter } from 'node:events';
import type { OrderEvent } from '../../../context.ts';
import { createPgListener, type PgListenerLog } from '../../../db/pg-listener.ts';
import { emitSessionNotification, SESSION_EVENTS_CHANNEL } from '../../auth/index.ts';
import { deliverOrderEvent, ORDER_EVENTS_CHANNEL } from './order-events-relay.ts';

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
 * so a database outage never ends the process). NOTIFY is not durable: what was published while the
 * connection was down never arrives, so `onReconnect` runs once the LISTEN is back (the app ends its
 * open event streams there; each console reconnects and reloads its counts and lists). Returns the
 * function that stops it.
 */
export async function listenOrderEvents(
  connectionString: string,
  events: EventEmitter,
  log: PgListenerLog,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  const listener = await createPgListener(connectionString, log);
  if (onReconnect) listener.onReconnect(onReconnect);
  await listener.listen(ORDER_EVENTS_CHANNEL, (payload) => {
    try {
      const e: unknown = JSON.parse(payload);
      if (isOrderEvent(e)) deliverOrderEvent(events, e, log);
    } catch {
      /* not ours */
    }
  });
  await listener.listen(SESSION_EVENTS_CHANNEL, (payload) => emitSessionNotification(events, payload));
  return () => listener.close();
}
