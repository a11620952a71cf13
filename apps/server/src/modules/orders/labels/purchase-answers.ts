/** The answers of a label purchase: the labels bought, or the stored answer of a finished purchase. */
import type { LabelPurchaseResponse } from '@mc/api';
import { labelErrorMessage } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema.ts';
import type { Caller } from '../commands/command-context.ts';
import { listLabels } from './get-labels.ts';
import type { LabelPurchaseAnswer, PurchaseRow, StoredResponse } from './purchase-types.ts';

export async function storedAnswer(
  ctx: AppContext,
  caller: Caller,
  row: PurchaseRow,
  key: string,
): Promise<LabelPurchaseAnswer> {
  const stored = row.response as StoredResponse | null;
  if (row.state === 'done')
    return { status: 200, body: await successBody(ctx, caller, row, key), replayed: true };
  const status = (row.response_status ?? 502) as 409 | 422 | 502;
  const body = stored?.kind === 'error' ? stored.body : { message: labelErrorMessage({}) };
  return { status, body: { ...body, idempotency_key: key }, replayed: true };
}

export async function successBody(
  ctx: AppContext,
  caller: Caller,
  row: Pick<PurchaseRow, 'id' | 'order_id'>,
  key: string,
): Promise<LabelPurchaseResponse> {
  const [order] = await ctx.database.db
    .select({
      status: orders.status,
      tracking_provider: orders.tracking_provider,
      tracking_id: orders.tracking_id,
      tracking_url: orders.tracking_url,
    })
    .from(orders)
    .where(and(eq(orders.id, row.order_id), eq(orders.merchant_id, caller.merchant.id)))
    .limit(1);
  const labels = await listLabels(ctx, caller.merchant, row.order_id, { purchaseId: row.id });
  return {
    order_id: row.order_id,
    status: order?.status ?? 'MERCHANT_SHIPPED',
    idempotency_key: key,
    tracking_provider: order?.tracking_provider ?? null,
    tracking_id: order?.tracking_id ?? null,
    tracking_url: order?.tracking_url ?? null,
    shipping_labels: labels,
  };
}
