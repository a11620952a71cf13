/**
 * Buy shipping labels for an accepted order, exactly once per Idempotency-Key.
 *
 * 1. Claim, in a short transaction: an existing row for (merchant, key) is a replay; otherwise the key is
 *    stored as 'pending' (claim-purchase.ts).
 * 2. Call the carrier with NO transaction open, with a key derived from the merchant's key; 3. record the
 *    shipments, MERCHANT_SHIPPED and the answer in one transaction — the carrier call is a step whose
 *    compensation voids the labels when the record throws (run-purchase.ts, label-steps.ts).
 *
 * The same key again: the same answer (waiting while the first is in flight, replay-purchase.ts); with
 * another body: 422. A purchase left 'pending' by a crash is taken over after STALE_MS and retried with
 * the same carrier key, which the carrier answers with the first purchase instead of a second one.
 */
import { IdempotencyKeySchema } from '@mc/api';
import { DomainError, IDEMPOTENCY_KEY_REQUIRED_MESSAGE, type ShippingBox } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import type { StepLog } from '../../../lib/steps.ts';
import type { Caller } from '../commands/command-context.ts';
import { claimPurchase, requestHash } from './claim-purchase.ts';
import type { LabelPurchaseAnswer } from './purchase-types.ts';
import { awaitAnswer } from './replay-purchase.ts';
import { runPurchase } from './run-purchase.ts';

export async function buyLabels(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  boxes: readonly ShippingBox[],
  idempotencyKey: string,
  log?: StepLog,
): Promise<LabelPurchaseAnswer> {
  const hash = requestHash(orderId, boxes);
  const claim = await claimPurchase(ctx, caller, orderId, boxes, idempotencyKey, hash);
  if (claim.kind === 'replay') return awaitAnswer(ctx, caller, claim.row, hash, idempotencyKey, { log });
  return runPurchase(ctx, caller, claim.row, claim.account, boxes, idempotencyKey, log);
}

/**
 * POST …/labels: the Idempotency-Key header is required (400 without); the answer says the status and
 * body to send, and the headers that echo the key (and mark a replay).
 */
export async function purchaseLabels(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  boxes: readonly ShippingBox[],
  idempotencyHeader: string | undefined,
  log?: StepLog,
): Promise<LabelPurchaseAnswer & { headers: Record<string, string> }> {
  const key = IdempotencyKeySchema.safeParse(idempotencyHeader ?? '');
  if (!key.success) {
    throw new DomainError('VALIDATION', IDEMPOTENCY_KEY_REQUIRED_MESSAGE, {
      errors: [{ path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_REQUIRED_MESSAGE }],
    });
  }
  const answer = await buyLabels(ctx, caller, orderId, boxes, key.data, log);
  const headers: Record<string, string> = { 'idempotency-key': key.data };
  if (answer.replayed) headers['idempotent-replayed'] = 'true';
  return { ...answer, headers };
}
