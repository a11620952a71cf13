/**
 * Step 1 of a label purchase: claim the (merchant, key) in a short transaction (an advisory lock on the
 * order, no row lock). An existing row is a replay; otherwise the order, its status and the carrier
 * account are checked and the key is stored as 'pending' with a hash of the request.
 */
import { createHash } from 'node:crypto';
import {
  boxCountMessage,
  DomainError,
  LABEL_ERRORS_APOLOGY,
  LABEL_PURCHASE_IN_PROGRESS_MESSAGE,
  labelAvailability,
  maxLabelBoxes,
  type ShippingBox,
} from '@mc/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { carrierAccounts, labelPurchases, orders } from '../../../db/schema.ts';
import type { Caller } from '../commands/command-context.ts';
import { assertReadyToShip, assertTransition } from '../transition-order.ts';
import { type CarrierAccountRow, type PurchaseRow, STALE_MS } from './purchase-types.ts';

/** A stable hash of the order and the boxes (key order and number formatting do not matter). */
export function requestHash(orderId: string, boxes: readonly ShippingBox[]): string {
  const canonical = boxes.map((b) => [Number(b.weight), b.insurance ? Number(b.insurance) : 0]);
  return createHash('sha256')
    .update(JSON.stringify([orderId, canonical]))
    .digest('hex');
}

export type Claim =
  | { kind: 'replay'; row: PurchaseRow }
  | { kind: 'owner'; row: PurchaseRow; account: CarrierAccountRow };

export async function claimPurchase(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  boxes: readonly ShippingBox[],
  key: string,
  hash: string,
): Promise<Claim> {
  const merchantId = caller.merchant.id;
  return ctx.database.db.transaction(async (tx) => {
    // Serialises claims for one order (held for this short transaction only, never during the carrier call).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label:${merchantId}:${orderId}`}))`);
    const [existing] = await tx
      .select()
      .from(labelPurchases)
      .where(and(eq(labelPurchases.merchant_id, merchantId), eq(labelPurchases.idempotency_key, key)))
      .limit(1);
    if (existing) return { kind: 'replay', row: existing };

    const [order] = await tx
      .select({ status: orders.status, item_quantity: orders.item_quantity })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.merchant_id, merchantId)))
      .limit(1);
    if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
    assertTransition('merchant', order.status, 'MERCHANT_SHIPPED');
    await assertReadyToShip(tx, orderId, merchantId, order.status);
    if (boxes.length > maxLabelBoxes(order.item_quantity)) {
      throw new DomainError('VALIDATION', boxCountMessage(order.item_quantity), {
        errors: [{ path: 'body', message: boxCountMessage(order.item_quantity) }],
      });
    }
    const [account] = await tx
      .select()
      .from(carrierAccounts)
      .where(eq(carrierAccounts.merchant_id, merchantId))
      .limit(1);
    const availability = labelAvailability(account);
    if (!account || !availability.canCreate) {
      throw new DomainError('ILLEGAL_TRANSITION', availability.message ?? LABEL_ERRORS_APOLOGY);
    }
    const [busy] = await tx
      .select({ id: labelPurchases.id })
      .from(labelPurchases)
      .where(
        and(
          eq(labelPurchases.merchant_id, merchantId),
          eq(labelPurchases.order_id, orderId),
          eq(labelPurchases.state, 'pending'),
          gte(labelPurchases.updated_at, new Date(Date.now() - STALE_MS)),
        ),
      )
      .limit(1);
    if (busy) throw new DomainError('CONFLICT', LABEL_PURCHASE_IN_PROGRESS_MESSAGE);
    const [row] = await tx
      .insert(labelPurchases)
      .values({
        merchant_id: merchantId,
        order_id: orderId,
        idempotency_key: key,
        request_hash: hash,
        state: 'pending',
      })
      .returning();
    return { kind: 'owner', row: row!, account };
  });
}
