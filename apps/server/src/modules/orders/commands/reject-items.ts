import type { UpdateOrderCommand } from '@mc/api';
import {
  centsToDollars,
  DomainError,
  isItemRemoval,
  isPriceChanged,
  PRICE_UNCHANGED_MESSAGE,
  partialRejectionComment,
  REMOVE_ALL_ITEMS_MESSAGE,
  type StoredRejectionMessage,
  totalsWithoutLines,
} from '@mc/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orderItems, orders } from '../../../db/schema.ts';
import { type OrderRow, type OrderTx, orderTransaction, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

type Issue = { path: string; message: string };

/**
 * Out of stock / wrong price: the order goes on hold (REJECTED_PARTIAL) with the item problems stored in
 * rejection_message (keyed by reason, then order item id), the items' statuslist set, and a readable comment
 * for the on-hold tab — all in the transition's transaction. An item reported 'Not available' is taken out of
 * the order's items and money in that same transaction; the history entry keeps it (decision 0089).
 */
export async function rejectItems(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  input: Pick<UpdateOrderCommand, 'items' | 'rejection_message'>,
): Promise<OrderRow> {
  await readOrder(ctx, caller, orderId);
  const lines = await ctx.database.db
    .select({
      id: orderItems.id,
      offering_id: orderItems.offering_id,
      name: orderItems.name,
      price_cents: orderItems.price_cents,
      parent_line_item_id: orderItems.parent_line_item_id,
    })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  const issues: Issue[] = [];
  const resolve = (key: string | number | undefined) =>
    key === undefined
      ? undefined
      : lines.find((l) => l.id === String(key) || (l.offering_id && l.offering_id === String(key)));

  const statusByLine = new Map<string, string[]>();
  for (const [i, entry] of (input.items ?? []).entries()) {
    const line = resolve(entry.id) ?? resolve(entry.offering_id);
    if (!line) {
      issues.push({ path: `items.${i}.offering_id`, message: 'This item is not part of the order' });
      continue;
    }
    statusByLine.set(line.id, [...new Set([...(statusByLine.get(line.id) ?? []), ...entry.statuslist])]);
  }
  // Normalise the message's keys to order item ids (an offering id is accepted as well).
  const message: StoredRejectionMessage = {};
  for (const reason of ['outOfStock', 'wrongPrice'] as const) {
    const entries = input.rejection_message?.[reason];
    if (!entries) continue;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entries)) {
      const line = resolve(key);
      if (!line)
        issues.push({
          path: `rejection_message.${reason}.${key}`,
          message: 'This item is not part of the order',
        });
      else if (
        reason === 'wrongPrice' &&
        !isPriceChanged((value as { price: number }).price, centsToDollars(line.price_cents))
      )
        issues.push({ path: `rejection_message.${reason}.${key}.price`, message: PRICE_UNCHANGED_MESSAGE });
      else out[line.id] = value;
    }
    (message as Record<string, unknown>)[reason] = out;
  }
  const removeIds = Object.entries(message.outOfStock ?? {})
    .filter(([, o]) => isItemRemoval(o))
    .map(([id]) => id);
  if (removeIds.length && lines.every((l) => l.parent_line_item_id !== null || removeIds.includes(l.id)))
    issues.push({ path: 'rejection_message.outOfStock', message: REMOVE_ALL_ITEMS_MESSAGE });
  if (issues.length) throw new DomainError('VALIDATION', issues[0]!.message, { errors: issues });

  const comment = partialRejectionComment(lines, message);
  return orderTransaction(ctx, async (tx) => {
    const removal = removeIds.length ? await removalOf(tx, orderId, removeIds) : null;
    const updated = await transitionOrder(
      ctx,
      {
        ...asMerchant(caller, orderId),
        to: 'REJECTED_PARTIAL',
        action: 'reject_items',
        comment,
        patch: {
          status_recent_comment: comment,
          rejection_message: message as Record<string, unknown>,
          ...removal?.patch,
        },
        data: {
          items: Object.fromEntries(statusByLine),
          ...(removal ? { removed_items: removal.removed } : {}),
        },
      },
      tx,
    );
    if (removal) await tx.delete(orderItems).where(inArray(orderItems.id, removal.ids));
    for (const [id, statuslist] of statusByLine) {
      if (removal?.ids.includes(id)) continue;
      await tx
        .update(orderItems)
        .set({ status_list: statuslist })
        .where(and(eq(orderItems.order_id, orderId), inArray(orderItems.id, [id])));
    }
    return updated;
  });
}

/**
 * What taking `lineIds` (and their engraving lines) out of the order writes: the order's money and item
 * count without them, and the removed lines as the history entry keeps them.
 */
async function removalOf(tx: OrderTx, orderId: string, lineIds: readonly string[]) {
  const [order] = await tx
    .select({
      subtotal_cents: orders.subtotal_cents,
      tax_cents: orders.tax_cents,
      discount_cents: orders.discount_cents,
      total_cents: orders.total_cents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const all = await tx.select().from(orderItems).where(eq(orderItems.order_id, orderId));
  const gone = (l: (typeof all)[number]) =>
    lineIds.includes(l.id) || (l.parent_line_item_id !== null && lineIds.includes(l.parent_line_item_id));
  const kept = all.filter((l) => !gone(l));
  const removed = all.filter(gone);
  return {
    ids: removed.map((l) => l.id),
    patch: {
      ...totalsWithoutLines(order, kept),
      item_quantity: kept.filter((l) => l.parent_line_item_id === null).reduce((s, l) => s + l.quantity, 0),
    },
    removed: removed.map((l) => ({
      id: l.id,
      parent_line_item_id: l.parent_line_item_id,
      name: l.name,
      quantity: l.quantity,
      price_cents: l.price_cents,
      subtotal_cents: l.subtotal_cents,
      discount_cents: l.discount_cents,
    })),
  };
}
