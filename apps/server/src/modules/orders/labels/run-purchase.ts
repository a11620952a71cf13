/**
 * Steps 2 and 3 of a label purchase (buy-labels.ts): call the carrier with NO transaction open (a step,
 * label-steps.ts, with a key derived from the merchant's key), then record in one transaction the
 * shipments (label PDFs), MERCHANT_SHIPPED through transitionOrder with the tracking columns, and the
 * answer on the purchase row. When that record throws, the labels are voided (the step's compensation)
 * and the purchase is stored as failed, so a replay of the key answers the failure instead of taking the
 * voided purchase over.
 */
import { createHash } from 'node:crypto';
import type { LabelErrorBody } from '@mc/api';
import {
  DomainError,
  LABEL_ERROR_THRESHOLD,
  LABEL_ERRORS_APOLOGY,
  type LabelCarrier,
  labelAvailability,
  labelErrorMessage,
  type ShippingBox,
} from '@mc/domain';
import { and, count, eq, gte, ne } from 'drizzle-orm';
import type { BoughtLabel, CarrierError } from '../../../adapters/carrier/carrier.ts';
import type { AppContext } from '../../../context.ts';
import { labelErrors, labelPurchases, orders, shipments } from '../../../db/schema.ts';
import { runSteps, type StepLog } from '../../../lib/steps.ts';
import type { Caller } from '../commands/command-context.ts';
import { asMerchant } from '../commands/command-context.ts';
import { labelAddresses } from '../printouts/document-order.ts';
import { type OrderRow, orderTransaction, transitionOrder } from '../transition-order.ts';
import { buyLabelsStep } from './label-steps.ts';
import { successBody } from './purchase-answers.ts';
import type {
  CarrierAccountRow,
  LabelPurchaseAnswer,
  PurchaseRow,
  StoredResponse,
} from './purchase-types.ts';

/** The key the carrier sees: derived from the merchant and their key, never the raw header. */
export function carrierIdempotencyKey(merchantId: string, key: string): string {
  return createHash('sha256').update(`label:${merchantId}:${key}`).digest('hex').slice(0, 40);
}

export async function runPurchase(
  ctx: AppContext,
  caller: Caller,
  purchase: PurchaseRow,
  account: CarrierAccountRow,
  boxes: readonly ShippingBox[],
  key: string,
  log?: StepLog,
): Promise<LabelPurchaseAnswer> {
  const { db } = ctx.database;
  const merchant = caller.merchant;
  // Keep the boxes on the row so a takeover after a crash can repeat the same request.
  await db
    .update(labelPurchases)
    .set({ response: { boxes } as never })
    .where(eq(labelPurchases.id, purchase.id));
  const [order] = await db.select().from(orders).where(eq(orders.id, purchase.order_id)).limit(1);
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const carrier = labelAvailability(account).carrier!;
  const request = {
    idempotencyKey: carrierIdempotencyKey(merchant.id, key),
    reference: order.id,
    account: {
      carrier,
      account_number: account.account_number,
      label_size: account.label_size,
      label_format: account.label_format,
    },
    ...labelAddresses(order.recipient, merchant),
    boxes: boxes.map((b) =>
      b.insurance ? { weight: b.weight, insurance: b.insurance } : { weight: b.weight },
    ),
  };

  let result: Awaited<ReturnType<typeof buyLabelsStep.run>>;
  try {
    result = await runSteps(
      { log, context: { order_id: order.id, purchase_id: purchase.id, command: 'buy labels' } },
      async (run) => {
        const bought = await run(buyLabelsStep, { ctx, purchaseId: purchase.id, request });
        if (bought.ok) await recordShipped(ctx, caller, order, purchase, bought.labels, carrier);
        return bought;
      },
    );
  } catch (err) {
    return recordNotShipped(ctx, purchase, err, key);
  }
  if (!result.ok) return recordFailure(ctx, caller, purchase, result.errors, key);
  return { status: 200, body: await successBody(ctx, caller, purchase, key), replayed: false };
}

/** The shipments, MERCHANT_SHIPPED with the first label's tracking, and the purchase marked done: one transaction. */
async function recordShipped(
  ctx: AppContext,
  caller: Caller,
  order: OrderRow,
  purchase: PurchaseRow,
  labels: readonly BoughtLabel[],
  carrier: LabelCarrier,
): Promise<void> {
  const first = labels[0];
  await orderTransaction(ctx, async (tx) => {
    await tx.insert(shipments).values(
      labels.map((l) => ({
        order_id: order.id,
        purchase_id: purchase.id,
        carrier: l.carrier,
        service: l.service,
        tracking_code: l.tracking_code,
        tracking_url: l.tracking_url,
        box_index: l.box_index,
        weight: l.weight,
        insurance: l.insurance,
        label_pdf: l.pdf,
      })),
    );
    await transitionOrder(
      ctx,
      {
        ...asMerchant(caller, order.id),
        to: 'MERCHANT_SHIPPED',
        expectFrom: 'MERCHANT_ACCEPTED',
        action: 'shipping_label',
        comment: `${labels.length} shipping label(s) bought (${carrier})`,
        patch: {
          tracking_provider: carrier,
          tracking_id: first?.tracking_code ?? null,
          tracking_url: first?.tracking_url ?? null,
          other_tracking_provider: null,
        },
        data: { purchase_id: purchase.id, tracking_codes: labels.map((l) => l.tracking_code) },
      },
      tx,
    );
    await tx
      .update(labelPurchases)
      .set({
        state: 'done',
        response_status: 200,
        response: { kind: 'labels' } satisfies StoredResponse,
        updated_at: new Date(),
      })
      .where(eq(labelPurchases.id, purchase.id));
  });
}

/** Stores the purchase's failed answer (replayed for the same key), unless it has meanwhile been done. */
function storeFailure(ctx: AppContext, purchase: PurchaseRow, status: number, body: LabelErrorBody) {
  return ctx.database.db
    .update(labelPurchases)
    .set({
      state: 'failed',
      response_status: status,
      response: { kind: 'error', body } satisfies StoredResponse,
      updated_at: new Date(),
    })
    .where(and(eq(labelPurchases.id, purchase.id), ne(labelPurchases.state, 'done')));
}

/**
 * The labels were bought and voided again because recording them threw. The order changed meanwhile (a
 * DomainError, e.g. cancelled): answered 409 and stored. Anything else (database trouble) is stored as a
 * failure when the database lets us, then thrown on: either way the purchase is not left 'pending' for a
 * takeover to replay the voided labels.
 */
async function recordNotShipped(
  ctx: AppContext,
  purchase: PurchaseRow,
  err: unknown,
  key: string,
): Promise<LabelPurchaseAnswer> {
  const expected = err instanceof DomainError;
  const status = expected ? 409 : 502;
  const body: LabelErrorBody = { message: expected ? err.message : labelErrorMessage({}) };
  const store = storeFailure(ctx, purchase, status, body);
  if (!expected) {
    await store.catch(() => {});
    throw err;
  }
  await store;
  return { status, body: { ...body, idempotency_key: key }, replayed: false };
}

async function recordFailure(
  ctx: AppContext,
  caller: Caller,
  purchase: PurchaseRow,
  errors: CarrierError[],
  key: string,
): Promise<LabelPurchaseAnswer> {
  const { db } = ctx.database;
  const firstError = errors[0] ?? { code: 'GENERAL' as const, carrier: '', message: '' };
  await db.insert(labelErrors).values({
    merchant_id: caller.merchant.id,
    order_id: purchase.order_id,
    code: firstError.code,
    message: `${firstError.carrier}: ${firstError.message}`,
  });
  const [recent] = await db
    .select({ n: count() })
    .from(labelErrors)
    .where(
      and(
        eq(labelErrors.merchant_id, caller.merchant.id),
        gte(labelErrors.created_at, new Date(Date.now() - LABEL_ERROR_THRESHOLD.windowMs)),
      ),
    );
  const tooMany = Number(recent?.n ?? 0) >= LABEL_ERROR_THRESHOLD.count;
  const body: LabelErrorBody = {
    message: tooMany ? LABEL_ERRORS_APOLOGY : labelErrorMessage(firstError),
    errors: errors.map((e) => ({ path: 'carrier', carrier: e.carrier, code: e.code, message: e.message })),
  };
  const network =
    firstError.code === 'GENERAL' ||
    firstError.code === 'NO_RESPONSE' ||
    firstError.code === 'NOT_RESPONDING_PURCHASE';
  const status = network ? 502 : 422;
  await storeFailure(ctx, purchase, status, body);
  return { status, body: { ...body, idempotency_key: key }, replayed: false };
}
