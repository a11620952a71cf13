import { DomainError, isOrderStatus, type OrderStatus } from '@mc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema.ts';
import type { Caller } from '../../../lib/principal.ts';
import {
  type OrderRow,
  orderTransaction,
  type TransitionRequest,
  writeHistory,
  writeOrderEvent,
} from '../transition-order.ts';

/** Who asks: the signed-in user acting for their merchant. */
export type { Caller };

/** The caller's order (another merchant's is 404). No lock: commands re-check with a conditional write. */
export async function readOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
): Promise<OrderRow & { status: OrderStatus }> {
  const [row] = await ctx.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchant_id, caller.merchant.id)))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'Order not found');
  if (!isOrderStatus(row.status)) throw new DomainError('CONFLICT', `Order ${orderId} has an unknown status`);
  return row as OrderRow & { status: OrderStatus };
}

/** The merchant-actor fields of a transition request. */
export function asMerchant(
  caller: Caller,
  orderId: string,
): Pick<TransitionRequest, 'orderId' | 'merchantId' | 'actor' | 'actorUserId' | 'actorName'> {
  return {
    orderId,
    merchantId: caller.merchant.id,
    actor: 'merchant',
    actorUserId: caller.principal.userId,
    actorName: caller.principal.name,
  };
}

/**
 * A change that keeps the status (tracking edit, delivery details, instructions): written only if the order
 * is still in the status the caller's check was made on, plus one history row and the order event, in one
 * transaction. It bumps the version as a transition does (the event carries it) and returns the row as
 * written.
 */
export async function updateOrderData(
  ctx: AppContext,
  caller: Caller,
  order: { id: string; status: OrderStatus },
  change: {
    action: string;
    comment?: string | null;
    patch: Partial<typeof orders.$inferInsert>;
    data?: Record<string, unknown>;
  },
): Promise<OrderRow> {
  return orderTransaction(ctx, async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ ...change.patch, version: sql`${orders.version} + 1`, updated_at: new Date() })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.merchant_id, caller.merchant.id),
          eq(orders.status, order.status),
        ),
      )
      .returning();
    if (!updated) throw new DomainError('CONFLICT', 'The order changed meanwhile. Reload it and try again.');
    await writeHistory(tx, {
      order_id: order.id,
      actor_type: 'merchant',
      actor_user_id: caller.principal.userId,
      actor_name: caller.principal.name,
      action: change.action,
      from_status: order.status,
      to_status: order.status,
      comment: change.comment ?? null,
      data: change.data ?? null,
    });
    await writeOrderEvent(tx, {
      type: 'order.updated',
      merchant_id: caller.merchant.id,
      order_id: order.id,
      status: order.status,
      version: updated.version,
      change: { from: order.status, action: change.action },
    });
    return updated;
  });
}
