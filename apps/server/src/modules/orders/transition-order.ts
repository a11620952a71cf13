import {
  type Actor,
  canTransitionVia,
  DomainError,
  isOrderStatus,
  isPresaleNotReady,
  type OrderStatus,
  PRESALE_MESSAGE,
  type TransitionVia,
  transitionError,
} from '@mc/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext, OrderEvent } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { merchants, orderEventOutbox, orderHistory, orderItems, orders } from '../../db/schema.ts';
import { recordOrderChangeEvent } from './outgoing-events.ts';

export type OrderRow = typeof orders.$inferSelect;

declare const orderTxBrand: unique symbol;
/**
 * A transaction opened by `orderTransaction`: the only kind an order change accepts, so every change's
 * event is announced to the relay once the transaction commits.
 */
export type OrderTx = Tx & { readonly [orderTxBrand]: true };

/**
 * Runs `fn` in one transaction; once it has committed, the outbox relay publishes the order events it
 * wrote. A rolled-back transaction leaves no event behind.
 */
export async function orderTransaction<T>(
  ctx: Pick<AppContext, 'database' | 'orderEvents'>,
  fn: (tx: OrderTx) => Promise<T>,
): Promise<T> {
  const result = await ctx.database.db.transaction((tx) => fn(tx as OrderTx));
  ctx.orderEvents.kick();
  return result;
}

/**
 * The order event of a change, into the outbox of the change's transaction (published after commit), and
 * the change's outgoing event for the feed and webhooks (docs/decisions/0138), in the same transaction.
 * `change` names the status before (null for a new order) and the history action, which pick the event.
 */
export async function writeOrderEvent(
  tx: OrderTx,
  e: Omit<OrderEvent, 'at'> & { at?: string; change: { from: string | null; action: string } },
): Promise<void> {
  const { change, ...rest } = e;
  const event: OrderEvent = { ...rest, at: rest.at ?? new Date().toISOString() };
  await tx.insert(orderEventOutbox).values({ payload: { ...event } });
  await recordOrderChangeEvent(tx, e.order_id, { ...change, to: e.status });
}

/** A history row; `created_at` defaults to now (intake passes the marketplace's submission time). */
export type HistoryEntry = Omit<typeof orderHistory.$inferInsert, 'id'>;

/** One order_history row, in the change's transaction. */
export async function writeHistory(tx: OrderTx, entry: HistoryEntry): Promise<void> {
  await tx.insert(orderHistory).values(entry);
}

/**
 * The transition table's guard, used by transitionOrder and by commands that check before an outside
 * call (payment capture, carrier, courier) and check again, atomically, when they write.
 */
export function assertTransition(
  actor: Actor,
  from: string,
  to: OrderStatus,
  via: TransitionVia = 'status',
): asserts from is OrderStatus {
  if (!isOrderStatus(from) || !canTransitionVia(via, actor, from, to)) {
    throw new DomainError('ILLEGAL_TRANSITION', transitionError(from, to));
  }
}

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
  /** The table the change is checked against: the state machine (default) or the failed-delivery table. */
  via?: TransitionVia;
  action: string;
  comment?: string | null;
  /** Extra columns written with the status, in the same statement (values or SQL, e.g. a jsonb merge). */
  patch?: PgUpdateSetSource<typeof orders>;
  data?: Record<string, unknown>;
}

/**
 * The one way an order's status changes: checked against the transition table, written as an atomic
 * conditional UPDATE (… WHERE status = <the status we checked>) plus one history row and the order event
 * (outbox), in one transaction — the caller's (`orderTransaction`) when it has more to write, else its own.
 * Concurrent conflicting requests: exactly one UPDATE matches; the others get 409. Returns the row as
 * written, which the answer's detail is built from (docs/decisions/0128).
 */
export async function transitionOrder(
  ctx: Pick<AppContext, 'database' | 'orderEvents'>,
  req: TransitionRequest,
  tx?: OrderTx,
): Promise<OrderRow> {
  const run = async (t: OrderTx) => {
    const where = req.merchantId
      ? and(eq(orders.id, req.orderId), eq(orders.merchant_id, req.merchantId))
      : eq(orders.id, req.orderId);
    // A command that already read the order (accept, courier, failed delivery) names the status it read:
    // the conditional UPDATE below is the check, and only a write that matched nothing reads the row again.
    const current =
      req.expectFrom && req.merchantId
        ? { status: req.expectFrom, merchant_id: req.merchantId }
        : await readForTransition(t, where, req.expectFrom, req.to);
    const from = current.status;
    assertTransition(req.actor, from, req.to, req.via);
    if (req.to === 'MERCHANT_SHIPPED') await assertReadyToShip(t, req.orderId, current.merchant_id, from);
    const [updated] = await t
      .update(orders)
      .set({ ...req.patch, status: req.to, version: sql`${orders.version} + 1`, updated_at: new Date() })
      .where(and(where, eq(orders.status, from)))
      .returning();
    if (!updated) {
      // Someone else changed it between our read and our write (or it is not the caller's).
      const [now] = await t.select({ status: orders.status }).from(orders).where(where).limit(1);
      if (!now) throw new DomainError('NOT_FOUND', 'Order not found');
      throw new DomainError('ILLEGAL_TRANSITION', transitionError(now.status, req.to));
    }
    await writeHistory(t, {
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
    await writeOrderEvent(t, {
      type: 'order.updated',
      merchant_id: updated.merchant_id,
      order_id: updated.id,
      status: updated.status,
      version: updated.version,
      change: { from, action: req.action },
    });
    return updated;
  };
  return tx ? run(tx) : orderTransaction(ctx, run);
}

/** The status a transition starts from, read in its transaction (404 when it is not the caller's order). */
async function readForTransition(
  t: OrderTx,
  where: SQL | undefined,
  expectFrom: OrderStatus | undefined,
  to: OrderStatus,
): Promise<{ status: string; merchant_id: string }> {
  const [current] = await t
    .select({ status: orders.status, merchant_id: orders.merchant_id })
    .from(orders)
    .where(where)
    .limit(1);
  if (!current) throw new DomainError('NOT_FOUND', 'Order not found');
  if (expectFrom && current.status !== expectFrom) {
    throw new DomainError('ILLEGAL_TRANSITION', transitionError(current.status, to));
  }
  return current;
}

/** The presale rule: an order with an item available more than 10 days from now cannot ship (any shipping path). */
export async function assertReadyToShip(
  t: DbOrTx,
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
