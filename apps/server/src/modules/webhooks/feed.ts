/**
 * The event feed (docs/decisions/0138). Events are read in (xid, seq) order and only from transactions
 * older than the reading snapshot's xmin: every transaction that could still commit an event has an id at
 * or above that xmin, and every later one gets a higher id, so an event is never served after a reader
 * already moved past its place. Ordering by the sequence alone would skip an event whose transaction took
 * its number first and committed last.
 */
import type { EventFeed, EventFeedQuery, OutgoingEvent } from '@mc/api';
import { DomainError, seesCustomerContact, WEBHOOK_TEST_EVENT } from '@mc/domain';
import type { AppContext } from '../../context.ts';

export const DEFAULT_FEED_LIMIT = 50;

/** Whose events a feed reads: a store's, or the marketplace's (optionally one brand's) order events. */
export type FeedScope = { merchantId: string } | { applicationRef: string | null };

interface Row {
  id: string;
  seq: string | number;
  payload: OutgoingEvent;
}

/** The envelope as a subscriber may see it: the customer's email and phone are blanked unless it may. */
export function envelopeFor(payload: OutgoingEvent, withContact: boolean): OutgoingEvent {
  if (withContact || !('order' in payload.data)) return payload;
  const order = payload.data.order;
  return {
    ...payload,
    data: { order: { ...order, customer: { ...order.customer, email: '', phone_number: '' } } },
  };
}

export async function readFeed(
  ctx: Pick<AppContext, 'database'>,
  scope: FeedScope,
  query: EventFeedQuery,
): Promise<EventFeed> {
  const params: unknown[] = [];
  const arg = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [`type <> ${arg(WEBHOOK_TEST_EVENT)}`];
  if ('merchantId' in scope) where.push(`merchant_id = ${arg(scope.merchantId)}`);
  else {
    where.push('application_ref IS NOT NULL');
    if (scope.applicationRef) where.push(`application_ref = ${arg(scope.applicationRef)}`);
  }
  if (query.after) {
    const [from] = await ctx.database.query<{ xid: string; seq: string | number }>(
      `SELECT xid::text AS xid, seq FROM events WHERE id = $${params.length + 1} AND ${where.join(' AND ')}`,
      [...params, query.after],
    );
    if (!from)
      throw new DomainError('VALIDATION', 'after must be the id of an event of this feed (kept 30 days)', {
        errors: [{ path: 'after', message: 'Unknown event' }],
      });
    where.push(`(xid, seq) > (${arg(from.xid)}::xid8, ${arg(from.seq)}::bigint)`);
  }
  if (query.types) where.push(`type = ANY(${arg(query.types.split(','))}::text[])`);
  where.push('xid < pg_snapshot_xmin(pg_current_snapshot())');
  const limit = query.limit ? Number(query.limit) : DEFAULT_FEED_LIMIT;
  const rows = await ctx.database.query<Row>(
    `SELECT id, seq, payload FROM events WHERE ${where.join(' AND ')}
      ORDER BY events.xid, events.seq LIMIT ${arg(limit)}`,
    params,
  );
  const withContact = seesCustomerContact({
    kind: 'merchantId' in scope ? 'merchant' : 'marketplace',
    includeCustomerContact: false,
  });
  return {
    items: rows.map((r) => envelopeFor(r.payload, withContact)),
    next_after: rows.at(-1)?.id ?? query.after ?? null,
  };
}
