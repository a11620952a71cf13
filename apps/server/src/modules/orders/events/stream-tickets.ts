/**
 * Event-stream tickets (docs/security.md, "Sessions and tokens"). EventSource cannot send a bearer
 * header, and tokens never travel in URLs, so the console first asks for a ticket with its bearer token
 * and opens the stream with `?ticket=`. A ticket is 256 random bits, stored only as its SHA-256, bound to
 * the session and the merchant it was issued for, valid 60 seconds, and used at most once (redeeming
 * deletes it). It dies with its session: the session is checked live when it is redeemed, and the row
 * goes with the session.
 *
 * The same table holds the places of open streams (docs/decisions/0115): a session may hold at most
 * MAX_STREAMS_PER_SESSION streams at once, across every process. Opening one takes a place — a row whose
 * key is `stream:<uuid>` instead of a ticket's hash, so no ticket can ever redeem it — and closing it gives
 * the place back. The process renews its places' expiry while their streams are open; a process that dies
 * leaves rows that expire within STREAM_PLACE_TTL_MS and are swept with the unused tickets.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '@mc/domain';
import { and, count, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { eventStreamTickets, sessions } from '../../../db/schema.ts';
import type { Principal } from '../../../lib/principal.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { loadPrincipal } from '../../auth/index.ts';

export const STREAM_TICKET_TTL_MS = 60_000;

const BAD_TICKET = () =>
  new DomainError(
    'UNAUTHENTICATED',
    'This event stream ticket is invalid, used or expired. Ask for a new one.',
  );

export async function issueStreamTicket(
  ctx: AppContext,
  principal: Principal,
  merchantId: string,
  now = Date.now(),
): Promise<{ ticket: string; expires_in: number }> {
  const { db } = ctx.database;
  // Tickets nobody redeemed: swept here, so the table stays as small as the last minute's tickets.
  await db.delete(eventStreamTickets).where(lt(eventStreamTickets.expires_at, new Date(now)));
  const ticket = randomToken(32);
  await db.insert(eventStreamTickets).values({
    ticket_hash: sha256(ticket),
    session_id: principal.sessionId,
    merchant_id: merchantId,
    expires_at: new Date(now + STREAM_TICKET_TTL_MS),
  });
  return { ticket, expires_in: STREAM_TICKET_TTL_MS / 1000 };
}

/** Uses the ticket up (once) and returns the principal of its live session, or 401. */
export async function redeemStreamTicket(
  ctx: AppContext,
  ticket: string,
  now = Date.now(),
): Promise<{ principal: Principal; merchantId: string }> {
  const [row] = await ctx.database.db
    .delete(eventStreamTickets)
    .where(
      and(
        eq(eventStreamTickets.ticket_hash, sha256(ticket)),
        gt(eventStreamTickets.expires_at, new Date(now)),
      ),
    )
    .returning({ sessionId: eventStreamTickets.session_id, merchantId: eventStreamTickets.merchant_id });
  if (!row) throw BAD_TICKET();
  const principal = await loadPrincipal(ctx, row.sessionId);
  return { principal, merchantId: row.merchantId };
}

/** Open event streams one session may hold at once, across every API process. */
export const MAX_STREAMS_PER_SESSION = 10;
/** A place not renewed for this long is free again (its process died or lost the database meanwhile). */
const STREAM_PLACE_TTL_MS = 90_000;
/** How often a process renews the places of its open streams (three renewals per TTL). */
export const STREAM_PLACE_RENEW_MS = 30_000;
const PLACE_PREFIX = 'stream:';

export const TOO_MANY_STREAMS_MESSAGE =
  'Too many open live updates for this session: close another tab or window of the console, then reload this one.';

/**
 * Takes one of the session's stream places, or answers 429 when all MAX_STREAMS_PER_SESSION are taken
 * (the open streams stay as they are: none is dropped to make room). Returns the place's key.
 */
export async function claimStreamPlace(
  ctx: AppContext,
  sessionId: string,
  merchantId: string,
  now = Date.now(),
): Promise<string> {
  const place = `${PLACE_PREFIX}${randomUUID()}`;
  const taken = await ctx.database.db.transaction(async (tx) => {
    // The session's row is the lock: two streams opened at once cannot both take the last place.
    await tx.execute(sql`SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${sessionId} FOR NO KEY UPDATE`);
    const [row] = await tx
      .select({ n: count() })
      .from(eventStreamTickets)
      .where(
        and(
          eq(eventStreamTickets.session_id, sessionId),
          like(eventStreamTickets.ticket_hash, `${PLACE_PREFIX}%`),
          gt(eventStreamTickets.expires_at, new Date(now)),
        ),
      );
    if ((row?.n ?? 0) >= MAX_STREAMS_PER_SESSION) return false;
    await tx.insert(eventStreamTickets).values({
      ticket_hash: place,
      session_id: sessionId,
      merchant_id: merchantId,
      expires_at: new Date(now + STREAM_PLACE_TTL_MS),
    });
    return true;
  });
  if (!taken) throw new DomainError('RATE_LIMITED', TOO_MANY_STREAMS_MESSAGE);
  return place;
}

/** Gives places back (their streams ended). */
export async function releaseStreamPlaces(
  ctx: Pick<AppContext, 'database'>,
  places: string[],
): Promise<void> {
  if (places.length === 0) return;
  await ctx.database.db.delete(eventStreamTickets).where(inArray(eventStreamTickets.ticket_hash, places));
}

/** Pushes the expiry of the places of streams still open. */
export async function renewStreamPlaces(
  ctx: Pick<AppContext, 'database'>,
  places: string[],
  now = Date.now(),
): Promise<void> {
  if (places.length === 0) return;
  await ctx.database.db
    .update(eventStreamTickets)
    .set({ expires_at: new Date(now + STREAM_PLACE_TTL_MS) })
    .where(inArray(eventStreamTickets.ticket_hash, places));
}
