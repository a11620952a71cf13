import { canTransition, type OrderStatus } from '@mc/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orderHistory, orderItems, orders } from '../db/schema.ts';
import type { Random } from './random.ts';

/** The path of transitions that leads a new order to `target` (who acts at each step). */
const PATHS: Record<string, [OrderStatus, 'merchant' | 'marketplace'][]> = {
  MERCHANT_ACCEPTED: [['MERCHANT_ACCEPTED', 'merchant']],
  MERCHANT_SHIPPED: [
    ['MERCHANT_ACCEPTED', 'merchant'],
    ['MERCHANT_SHIPPED', 'merchant'],
  ],
  CLOSED: [
    ['MERCHANT_ACCEPTED', 'merchant'],
    ['MERCHANT_SHIPPED', 'merchant'],
    ['CLOSED', 'merchant'],
  ],
  MERCHANT_REJECTED: [['MERCHANT_REJECTED', 'merchant']],
  REJECTED_PARTIAL: [['REJECTED_PARTIAL', 'merchant']],
  CANCELLED: [['CANCELLED', 'marketplace']],
  PAYMENT_DECLINED: [['PAYMENT_DECLINED', 'marketplace']],
  DISPUTED: [
    ['MERCHANT_ACCEPTED', 'merchant'],
    ['MERCHANT_SHIPPED', 'merchant'],
    ['CLOSED', 'merchant'],
    ['DISPUTED', 'marketplace'],
  ],
  REFUNDED: [
    ['MERCHANT_ACCEPTED', 'merchant'],
    ['MERCHANT_SHIPPED', 'merchant'],
    ['CLOSED', 'merchant'],
    ['DISPUTED', 'marketplace'],
    ['REFUNDED', 'marketplace'],
  ],
};

/** The history action each step writes: the same names the real commands and marketplace events write. */
const ACTIONS: Partial<Record<OrderStatus, string>> = {
  MERCHANT_ACCEPTED: 'accept',
  MERCHANT_REJECTED: 'reject',
  REJECTED_PARTIAL: 'reject_items',
  MERCHANT_SHIPPED: 'ship',
  CLOSED: 'delivered',
  CANCELLED: 'customer_cancelled',
  PAYMENT_DECLINED: 'payment_declined',
  DISPUTED: 'dispute',
  REFUNDED: 'refund',
};

const COMMENTS: Partial<Record<OrderStatus, string[]>> = {
  MERCHANT_REJECTED: ['store_closed', 'courier_issue', 'bad_weather', 'customer_cancelled'],
  REJECTED_PARTIAL: [
    'Item out of stock: offered a substitute within 4 days',
    'Wrong price on the listing: new price sent to the customer',
  ],
  CANCELLED: ['Customer cancelled before acceptance'],
  PAYMENT_DECLINED: ['Card declined by the issuer'],
};

/** Walks an order (placed as new) to its target status, writing history rows as the real flow would. */
export async function advance(
  database: Database,
  r: Random,
  orderId: string,
  submitted: Date,
  target: OrderStatus,
  actorName: string,
) {
  const path = PATHS[target];
  if (!path) return;
  let from: OrderStatus = 'SUBMITTED';
  let at = submitted.getTime();
  const history: (typeof orderHistory.$inferInsert)[] = [];
  for (const [to, actor] of path) {
    if (!canTransition(actor, from, to)) throw new Error(`seed path ${from} -> ${to} is not allowed`);
    at += r.int(5, 90) * 60_000;
    const comment = COMMENTS[to] ? r.pick(COMMENTS[to]!) : null;
    const data = to === 'REJECTED_PARTIAL' ? await itemProblemData(database, orderId, comment) : null;
    history.push({
      order_id: orderId,
      actor_type: actor,
      actor_name: actor === 'merchant' ? actorName : null,
      action: ACTIONS[to] ?? to.toLowerCase(),
      from_status: from,
      to_status: to,
      comment,
      data,
      created_at: new Date(Math.min(at, Date.now())),
    });
    from = to;
  }
  const shipped = path.some(([s]) => s === 'MERCHANT_SHIPPED');
  const last = history[history.length - 1]!;
  const carrier = r.pick(['UPS', 'FedEx'] as const);
  const trackingId =
    carrier === 'UPS'
      ? `1Z${Math.floor(r.next() * 1e16)
          .toString(36)
          .toUpperCase()
          .padEnd(16, '0')}`
      : String(r.int(100000000000, 999999999999));
  await database.db
    .update(orders)
    .set({
      status: target,
      status_recent_comment: last.comment ?? null,
      updated_at: last.created_at as Date,
      ...(shipped
        ? {
            tracking_provider: carrier,
            tracking_id: trackingId,
            tracking_url:
              carrier === 'UPS'
                ? `https://www.ups.com/track?tracknum=${trackingId}`
                : `https://www.fedex.com/fedextrack/?trknbr=${trackingId}`,
          }
        : {}),
      ...(target === 'REJECTED_PARTIAL' ? { rejection_message: { outOfStock: {}, wrongPrice: {} } } : {}),
      ...(target === 'MERCHANT_REJECTED'
        ? { rejection_message: { rejected: { reason: last.comment, message: last.comment } } }
        : {}),
      ...(['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CLOSED'].includes(target) && r.chance(0.5)
        ? { printed_timestamp: last.created_at as Date }
        : {}),
    })
    .where(eq(orders.id, orderId));
  await database.db.insert(orderHistory).values(history);
}

/** A seeded reject_items row stores its item problem as the real command does: first item id → statuslist. */
async function itemProblemData(database: Database, orderId: string, comment: string | null) {
  const [first] = await database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.position))
    .limit(1);
  if (!first) return null;
  return { items: { [first.id]: [comment?.startsWith('Wrong price') ? 'WRONG_PRICE' : 'OUT_OF_STOCK'] } };
}
