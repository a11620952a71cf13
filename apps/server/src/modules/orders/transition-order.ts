import {
  type Actor,
  canTransition,
  DomainError,
  isOrderStatus,
  isPresaleNotReady,
  type OrderStatus,
  PRESALE_MESSAGE,
  transitionError,
} from '@mc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { merchants, orderHistory, orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

export interface TransitionRequest {
  orderId: string;
  /** Scope: the order must belong to this merchant (else 404). Omit only for the marketplace actor. */
  merchantId?: string;
  actor: Actor;
  actorUserId?: string | null;
  actorName?: string | null;
  to: OrderStatus;
  /** Only move from this status (optimistic check after an outside call, e.g. payment capture). */
  expectFrom?: OrderStatus;
  action: string;
  comment?: string | null;
  /** Extra columns written with the status, in the same statement. */
  patch?: Partial<typeof orders.$inferInsert>;
  data?: Record<string, unknown>;
}

/**
 * The one way an order's status changes: checked against the transition table, written as an atomic
 * conditional UPDATE (… WHERE status = <the status we checked>) plus one history row, in one transaction.
 * Concurrent conflicting requests: exactly one UPDATE matches; the others get 409.
 */
export async function transitionOrder(ctx: AppContext, req: TransitionRequest, tx?: Tx): Promise<OrderRow> {
  const run = async (t: Tx) => {
    const where = req.merchantId
      ? and(eq(orders.id, req.orderId), eq(orders.merchant_id, req.merchantId))
      : eq(orders.id, req.orderId);
    const [current] = await t
      .select({ status: orders.status, merchant_id: orders.merchant_id })
      .from(orders)
      .where(where)
      .limit(1);
    if (!current) throw new DomainError('NOT_FOUND', 'Order not found');
    const from = current.status;
    if (
      !isOrderStatus(from) ||
      (req.expectFrom && from !== req.expectFrom) ||
      !canTransition(req.actor, from, req.to)
    ) {
      throw new DomainError('ILLEGAL_TRANSITION', transitionError(from, req.to));
    }
    if (req.to === 'MERCHANT_SHIPPED') await assertReadyToShip(t, req.orderId, current.merchant_id, from);
    const [updated] = await t
      .update(orders)
      .set({ ...req.patch, status: req.to, version: sql`${orders.version} + 1`, updated_at: new Date() })
      .where(and(where, eq(orders.status, from)))
      .returning();
    if (!updated) {
      // Someone else changed it between our read and our write.
      const [now] = await t.select({ status: orders.status }).from(orders).where(where).limit(1);
      throw new DomainError('ILLEGAL_TRANSITION', transitionError(now?.status ?? from, req.to));
    }
    await t.insert(orderHistory).values({
      order_id: req.orderId,
      actor_type: req.actor,
      actor_user_id: req.actorUserId ?? null,
      actor_name: req.actorName ?? null,
      action: req.action,
      from_status: from,
      to_status: req.to,
      comment: req.comment ?? null,
      data: req.data ?? null,
    });
    return updated;
  };
  const row = tx ? await run(tx) : await ctx.database.db.transaction(run);
  if (!tx)
    await ctx.publishOrderEvent({
      type: 'order.updated',
      merchant_id: row.merchant_id,
      order_id: row.id,
      status: row.status,
      at: new Date().toISOString(),
    });
  return row;
}

/** Part 2 §4.3: an order with an item available more than 10 days from now cannot ship (any shipping path). */
export async function assertReadyToShip(
  t: Tx,
  orderId: string,
  merchantId: string,
  from: string,
  now = new Date(),
): Promise<void> {
  const [items, [m]] = await Promise.all([
    t
      .select({ id: orderItems.id, quantity: orderItems.quantity, aux_data: orderItems.aux_data })
      .from(orderItems)
      .where(eq(orderItems.order_id, orderId)),
    t.select({ tz: merchants.timezone }).from(merchants).where(eq(merchants.id, merchantId)).limit(1),
  ]);
  if (
    isPresaleNotReady(
      items.map((i) => ({ ...i, price: 0 })),
      now,
      m?.tz,
    )
  ) {
    throw new DomainError(
      'ILLEGAL_TRANSITION',
      `${transitionError(from, 'MERCHANT_SHIPPED')}: ${PRESALE_MESSAGE}`,
    );
  }
}
