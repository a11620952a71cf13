/**
 * "Sessions of this user ended" (logout, password change, password reset, team revoke), announced to
 * every API process after the revocation has committed. With a PostgreSQL server it is a pg_notify on
 * its own channel, received by the same LISTEN connection as the order events (order-events-pg.ts);
 * on PGlite (one process) it goes straight to the in-process bus. Open event streams of that user
 * re-check their session and close if it has ended; an in-process session cache would drop its entries
 * on the same event.
 */
import type { EventEmitter } from 'node:events';
import type { AppContext } from '../../context.ts';

export const SESSION_EVENTS_CHANNEL = 'mc_session_events';
/** The event name on `ctx.events`. */
export const SESSION_REVOKED = 'session.revoked';

export interface SessionRevokedEvent {
  user_id: string;
  /** Only this session ended (logout); without it, any session of the user may have ended. */
  session_id?: string;
}

export function isSessionRevokedEvent(v: unknown): v is SessionRevokedEvent {
  const e = v as SessionRevokedEvent;
  return (
    Boolean(e) &&
    typeof e.user_id === 'string' &&
    (e.session_id === undefined || typeof e.session_id === 'string')
  );
}

/** Call after the transaction that revoked the sessions has committed. Never throws. */
export async function announceSessionsRevoked(
  ctx: Pick<AppContext, 'database' | 'events'>,
  e: SessionRevokedEvent,
): Promise<void> {
  const event: SessionRevokedEvent = {
    user_id: e.user_id,
    ...(e.session_id ? { session_id: e.session_id } : {}),
  };
  const { pool } = ctx.database;
  if (pool) {
    try {
      await pool.query('SELECT pg_notify($1, $2)', [SESSION_EVENTS_CHANNEL, JSON.stringify(event)]);
      return;
    } catch {
      /* the other processes still re-check on their heartbeat; this one hears it now */
    }
  }
  ctx.events.emit(SESSION_REVOKED, event);
}

/** Feeds a NOTIFY payload of SESSION_EVENTS_CHANNEL into the in-process bus. */
export function emitSessionNotification(events: EventEmitter, payload: string): void {
  try {
    const e: unknown = JSON.parse(payload);
    if (isSessionRevokedEvent(e)) events.emit(SESSION_REVOKED, e);
  } catch {
    /* not ours */
  }
}
