import type { UpdateOrderCommand } from '@mc/api';
import {
  centsToDollars,
  DomainError,
  isPriceChanged,
  PRICE_UNCHANGED_MESSAGE,
  partialRejectionComment,
  type StoredRejectionMessage,
} from '@mc/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orderItems } from '../../../db/schema.ts';
import { type OrderRow, orderTransaction, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

type Issue = { path: string; message: string };

/**
 * Out of stock / wrong price: the order goes on hold (REJECTED_PARTIAL) with the item problems stored in
 * rejection_message (keyed by reason, then order item id), the items' statuslist set, and a readable comment
 * for the on-hold tab — all in the transition's transaction.
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
  if (issues.length) throw new DomainError('VALIDATION', issues[0]!.message, { errors: issues });

  const comment = partialRejectionComment(lines, message);
  return orderTransaction(ctx, async (tx) => {
    const updated = await transitionOrder(
      ctx,
      {
        ...asMerchant(caller, orderId),
        to: 'REJECTED_PARTIAL',
        action: 'reject_items',
        comment,
        patch: { status_recent_comment: comment, rejection_message: message as Record<string, unknown> },
        data: { items: Object.fromEntries(statusByLine) },
      },
      tx,
    );
    for (const [id, statuslist] of statusByLine) {
      await tx
        .update(orderItems)
        .set({ status_list: statuslist })
        .where(and(eq(orderItems.order_id, orderId), inArray(orderItems.id, [id])));
    }
    return updated;
  });
}
