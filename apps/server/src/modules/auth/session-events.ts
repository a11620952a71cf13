/**
 * "Sessions of this user ended or changed" (logout, password change, password reset, team revoke, role
 * or profile change) and "this merchant's row changed" (settings, onboarding), announced to
 * every API process after the revocation has committed. With a PostgreSQL server it is a pg_notify on
 * its own channel, received by the same LISTEN connection as the order events (order-events-pg.ts);
 * on PGlite (one process) it goes straight to the in-process bus. Open event streams of that user
 * re-check their session and close if it has ended; the session cache (session-cache.ts) drops the
 * entries of that user, or of that merchant, on the same events.
 */
import type { EventEmitter } from 'node:events';
import type { AppContext } from '../../context.ts';

export const SESSION_EVENTS_CHANNEL = 'mc_session_events';
/** The event name on `ctx.events`. */
export const SESSION_REVOKED = 'session.revoked';

/** The event name on `ctx.events` for a changed merchant row. */
export const MERCHANT_CHANGED = 'merchant.changed';

export interface MerchantChangedEvent {
  merchant_id: string;
}

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

function isMerchantChangedEvent(v: unknown): v is MerchantChangedEvent {
  const e = v as MerchantChangedEvent & { user_id?: unknown };
  return Boolean(e) && typeof e.merchant_id === 'string' && e.user_id === undefined;
}

/** pg_notify on a PostgreSQL server (every process, this one included, hears it), else the in-process bus. */
async function announce(
  ctx: Pick<AppContext, 'database' | 'events'>,
  name: string,
  event: object,
): Promise<void> {
  const { pool } = ctx.database;
  if (pool) {
    try {
      await pool.query('SELECT pg_notify($1, $2)', [SESSION_EVENTS_CHANNEL, JSON.stringify(event)]);
      // This process drops its own cached copies now rather than when its LISTEN echoes the notification.
      ctx.events.emit(name, event);
      return;
    } catch {
      /* the other processes still re-check on their heartbeat and their cache TTL; this one hears it now */
    }
  }
  ctx.events.emit(name, event);
}

/**
 * Call after the transaction that revoked the sessions, or changed the user's roles, profile or
 * merchant, has committed. Never throws.
 */
export async function announceSessionsRevoked(
  ctx: Pick<AppContext, 'database' | 'events'>,
  e: SessionRevokedEvent,
): Promise<void> {
  const event: SessionRevokedEvent = {
    user_id: e.user_id,
    ...(e.session_id ? { session_id: e.session_id } : {}),
  };
  await announce(ctx, SESSION_REVOKED, event);
}

/** Call after the merchant row changed (it is part of every cached principal acting for it). Never throws. */
export async function announceMerchantChanged(
  ctx: Pick<AppContext, 'database' | 'events'>,
  merchantId: string,
): Promise<void> {
  await announce(ctx, MERCHANT_CHANGED, { merchant_id: merchantId } satisfies MerchantChangedEvent);
}

/** Feeds a NOTIFY payload of SESSION_EVENTS_CHANNEL into the in-process bus. */
export function emitSessionNotification(events: EventEmitter, payload: string): void {
  try {
    const e: unknown = JSON.parse(payload);
    if (isSessionRevokedEvent(e)) events.emit(SESSION_REVOKED, e);
    else if (isMerchantChangedEvent(e)) events.emit(MERCHANT_CHANGED, e);
  } catch {
    /* not ours */
  }
}
