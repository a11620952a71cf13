/**
 * The durable events the store sends out (the feed and webhooks, docs/decisions/0138): one row per order
 * change that has an event, written in the change's own transaction, so an event exists exactly when its
 * change committed. The row keeps the envelope whole (the customer's contact included); what a subscriber
 * may not see is left out when it is served.
 */
import { randomBytes } from 'node:crypto';
import type { OutgoingEvent } from '@mc/api';
import type { OrderChange, OutgoingEventType } from '@mc/domain';
import { orderEventTypeOf } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, events, merchants, orders } from '../../db/schema.ts';
import { orderDetailInTransaction } from './detail/get-order-detail.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `evt_` and 26 characters: the time (ms, 10 characters) then 80 random bits, so ids sort by creation. */
export function newEventId(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (let i = 0; i < 16; i++) rand += CROCKFORD[(bytes[i] ?? 0) % 32];
  return `evt_${time}${rand}`;
}

/** The event of an order change, in its transaction; nothing when the change has no event. */
export async function recordOrderChangeEvent(
  tx: DbOrTx,
  orderId: string,
  change: OrderChange,
): Promise<string | null> {
  const type = orderEventTypeOf(change);
  return type ? recordOrderEvent(tx, type, orderId) : null;
}

/** One order event with the order as it now is in `tx` (GET /m/v2/orders/{id}'s answer). */
export async function recordOrderEvent(
  tx: DbOrTx,
  type: OutgoingEventType,
  orderId: string,
): Promise<string> {
  const [row] = await tx
    .select({ order: orders, merchant: merchants, application_ref: applications.ref })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchant_id))
    .innerJoin(applications, eq(applications.id, orders.application_id))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  const now = new Date();
  const order = await orderDetailInTransaction(tx, row.merchant, row.order, now);
  const id = newEventId(now.getTime());
  const envelope: OutgoingEvent = {
    id,
    type,
    timestamp: now.toISOString(),
    merchant: row.merchant.tmk,
    application_ref: row.application_ref,
    data: { order },
  };
  await tx.insert(events).values({
    id,
    type,
    merchant_id: row.merchant.id,
    order_id: orderId,
    application_ref: row.application_ref,
    payload: envelope as unknown as Record<string, unknown>,
    created_at: now,
  });
  return id;
}

/** A non-order event (a finished batch, a test send) for a merchant, in `tx`. */
export async function recordMerchantEvent(
  tx: DbOrTx,
  merchant: { id: string; tmk: string },
  type: OutgoingEvent['type'],
  data: OutgoingEvent['data'],
): Promise<{ id: string; seq: number }> {
  const now = new Date();
  const id = newEventId(now.getTime());
  const envelope: OutgoingEvent = {
    id,
    type,
    timestamp: now.toISOString(),
    merchant: merchant.tmk,
    application_ref: null,
    data,
  };
  const [inserted] = await tx
    .insert(events)
    .values({
      id,
      type,
      merchant_id: merchant.id,
      payload: envelope as unknown as Record<string, unknown>,
      created_at: now,
    })
    .returning({ seq: events.seq });
  return { id, seq: inserted?.seq ?? 0 };
}
