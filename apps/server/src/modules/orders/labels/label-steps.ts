/**
 * The carrier step of a label purchase and what undoes it (docs/decisions/0124): the labels are bought
 * with no transaction open; when recording them throws, they are voided through the carrier adapter so
 * the merchant is not charged for labels the console does not show — unless this purchase was recorded
 * after all (a takeover of a stale purchase raced the first attempt with the same carrier key: the same
 * labels, recorded by the other).
 */
import { eq } from 'drizzle-orm';
import type { LabelPurchaseRequest, LabelPurchaseResult } from '../../../adapters/carrier/carrier.ts';
import type { AppContext } from '../../../context.ts';
import { labelPurchases } from '../../../db/schema.ts';
import { createStep } from '../../../lib/steps.ts';

interface BuyLabelsInput {
  ctx: AppContext;
  purchaseId: string;
  request: LabelPurchaseRequest;
}

export const buyLabelsStep = createStep(
  'buy labels',
  async ({ ctx, request }: BuyLabelsInput): Promise<LabelPurchaseResult> => {
    try {
      return await ctx.adapters.carrier.buyLabels(request);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, errors: [{ code: 'GENERAL', carrier: request.account.carrier, message }] };
    }
  },
  async ({ ctx, purchaseId, request }, result) => {
    if (!result.ok) return 'nothing bought';
    const [row] = await ctx.database.db
      .select({ state: labelPurchases.state })
      .from(labelPurchases)
      .where(eq(labelPurchases.id, purchaseId))
      .limit(1);
    if (row?.state === 'done') return 'kept: the purchase was recorded';
    const voided = await ctx.adapters.carrier.voidLabels({ account: request.account, labels: result.labels });
    if (!voided.ok)
      throw new Error(`the carrier refused to void: ${voided.errors.map((e) => e.message).join('; ')}`);
    return `voided ${result.labels.length} label(s)`;
  },
);
