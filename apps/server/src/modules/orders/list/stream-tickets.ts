/**
 * Event-stream tickets (docs/security.md, "Sessions and tokens"). EventSource cannot send a bearer
 * header, and tokens never travel in URLs, so the console first asks for a ticket with its bearer token
 * and opens the stream with `?ticket=`. A ticket is 256 random bits, stored only as its SHA-256, bound to
 * the session and the merchant it was issued for, valid 60 seconds, and used at most once (redeeming
 * deletes it). It dies with its session: the session is checked live when it is redeemed, and the row
 * goes with the session.
 */
import { DomainError } from '@mc/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { eventStreamTickets } from '../../../db/schema.ts';
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
