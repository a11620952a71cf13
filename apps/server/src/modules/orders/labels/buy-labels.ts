/**
 * Buy shipping labels for an accepted order, exactly once per Idempotency-Key.
 *
 * 1. Claim, in a short transaction (an advisory lock on the order, no row lock): an existing row for
 *    (merchant, key) is a replay; otherwise the order, its status and the carrier account are checked and
 *    the key is stored as 'pending' with a hash of the request.
 * 2. Call the carrier with NO transaction open, with a key derived from the merchant's key.
 * 3. Record, in one transaction: the shipments (label PDFs), MERCHANT_SHIPPED through transitionOrder
 *    with the tracking columns, and the answer on the purchase row ('done' or 'failed').
 *
 * The same key again: the same answer (waiting while the first is in flight); with another body: 422.
 * A purchase left 'pending' by a crash is taken over after STALE_MS and retried with the same carrier
 * key, which the carrier answers with the first purchase instead of a second one.
 */
import { createHash } from 'node:crypto';
import { IdempotencyKeySchema, type LabelErrorBody, type LabelPurchaseResponse } from '@mc/api';
import {
  boxCountMessage,
  DomainError,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  LABEL_ERROR_THRESHOLD,
  LABEL_ERRORS_APOLOGY,
  LABEL_PURCHASE_IN_PROGRESS_MESSAGE,
  labelAvailability,
  labelErrorMessage,
  maxLabelBoxes,
  type ShippingBox,
} from '@mc/domain';
import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { CarrierError, LabelPurchaseResult } from '../../../adapters/carrier/carrier.ts';
import type { AppContext } from '../../../context.ts';
import { carrierAccounts, labelErrors, labelPurchases, orders, shipments } from '../../../db/schema.ts';
import type { Caller } from '../commands/command-context.ts';
import { asMerchant } from '../commands/command-context.ts';
import { labelAddresses } from '../reports/document-order.ts';
import {
  assertReadyToShip,
  assertTransition,
  orderTransaction,
  transitionOrder,
} from '../transition-order.ts';
import { listLabels } from './get-labels.ts';

export const STALE_MS = 120_000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 60_000;

export type LabelPurchaseAnswer =
  | { status: 200; body: LabelPurchaseResponse; replayed: boolean }
  | { status: 409 | 422 | 502; body: LabelErrorBody; replayed: boolean };

/** What is stored on the purchase row: enough to answer a replay the same way. */
type StoredResponse = { kind: 'labels' } | { kind: 'error'; body: LabelErrorBody };

type PurchaseRow = typeof labelPurchases.$inferSelect;

/** A stable hash of the order and the boxes (key order and number formatting do not matter). */
export function requestHash(orderId: string, boxes: readonly ShippingBox[]): string {
  const canonical = boxes.map((b) => [Number(b.weight), b.insurance ? Number(b.insurance) : 0]);
  return createHash('sha256')
    .update(JSON.stringify([orderId, canonical]))
    .digest('hex');
}

/** The key the carrier sees: derived from the merchant and their key, never the raw header. */
export function carrierIdempotencyKey(merchantId: string, key: string): string {
  return createHash('sha256').update(`label:${merchantId}:${key}`).digest('hex').slice(0, 40);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function buyLabels(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  boxes: readonly ShippingBox[],
  idempotencyKey: string,
): Promise<LabelPurchaseAnswer> {
  const hash = requestHash(orderId, boxes);
  const claim = await claimPurchase(ctx, caller, orderId, boxes, idempotencyKey, hash);
  if (claim.kind === 'replay') return awaitAnswer(ctx, caller, claim.row, hash, idempotencyKey);
  return runPurchase(ctx, caller, claim.row, claim.account, boxes, idempotencyKey);
}

type Claim =
  | { kind: 'replay'; row: PurchaseRow }
  | { kind: 'owner'; row: PurchaseRow; account: typeof carrierAccounts.$inferSelect };

async function claimPurchase(
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

/** A replay: 422 for another body; the stored answer when finished; else wait (or take over a stale one). */
async function awaitAnswer(
  ctx: AppContext,
  caller: Caller,
  first: PurchaseRow,
  hash: string,
  key: string,
): Promise<LabelPurchaseAnswer> {
  if (first.request_hash !== hash) {
    return {
      status: 422,
      body: { message: IDEMPOTENCY_KEY_REUSED_MESSAGE, idempotency_key: key },
      replayed: true,
    };
  }
  const deadline = Date.now() + WAIT_MAX_MS;
  let row = first;
  for (;;) {
    if (row.state !== 'pending') return storedAnswer(ctx, caller, row, key);
    if (Date.now() - row.updated_at.getTime() > STALE_MS) {
      const [taken] = await ctx.database.db
        .update(labelPurchases)
        .set({ updated_at: new Date() })
        .where(
          and(
            eq(labelPurchases.id, row.id),
            eq(labelPurchases.state, 'pending'),
            eq(labelPurchases.updated_at, row.updated_at),
          ),
        )
        .returning();
      if (taken) {
        const [account] = await ctx.database.db
          .select()
          .from(carrierAccounts)
          .where(eq(carrierAccounts.merchant_id, caller.merchant.id))
          .limit(1);
        if (account) return runPurchase(ctx, caller, taken, account, await boxesOf(taken), key);
      }
    }
    if (Date.now() > deadline) {
      return {
        status: 409,
        body: { message: LABEL_PURCHASE_IN_PROGRESS_MESSAGE, idempotency_key: key },
        replayed: true,
      };
    }
    await sleep(WAIT_STEP_MS);
    const [next] = await ctx.database.db
      .select()
      .from(labelPurchases)
      .where(eq(labelPurchases.id, row.id))
      .limit(1);
    if (!next) throw new DomainError('CONFLICT', LABEL_PURCHASE_IN_PROGRESS_MESSAGE);
    row = next;
  }
}

/** The boxes of a pending purchase (kept on the row for a takeover). */
async function boxesOf(row: PurchaseRow): Promise<ShippingBox[]> {
  const boxes = (row.response as { boxes?: ShippingBox[] } | null)?.boxes;
  return boxes ?? [];
}

async function storedAnswer(
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

async function successBody(
  ctx: AppContext,
  caller: Caller,
  row: PurchaseRow,
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

async function runPurchase(
  ctx: AppContext,
  caller: Caller,
  purchase: PurchaseRow,
  account: typeof carrierAccounts.$inferSelect,
  boxes: readonly ShippingBox[],
  key: string,
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

  let result: LabelPurchaseResult;
  try {
    result = await ctx.adapters.carrier.buyLabels({
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
    });
  } catch (err) {
    result = {
      ok: false,
      errors: [{ code: 'GENERAL', carrier, message: err instanceof Error ? err.message : String(err) }],
    };
  }

  if (!result.ok) return recordFailure(ctx, caller, purchase, result.errors, key);

  const labels = result.labels;
  const first = labels[0];
  try {
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
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // The order changed while the carrier was called (e.g. cancelled): nothing is recorded as shipped.
    const body: LabelErrorBody = { message: err.message };
    await db
      .update(labelPurchases)
      .set({
        state: 'failed',
        response_status: 409,
        response: { kind: 'error', body } satisfies StoredResponse,
        updated_at: new Date(),
      })
      .where(eq(labelPurchases.id, purchase.id));
    return { status: 409, body: { ...body, idempotency_key: key }, replayed: false };
  }
  const done = { ...purchase, state: 'done' };
  return { status: 200, body: await successBody(ctx, caller, done, key), replayed: false };
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
  await db
    .update(labelPurchases)
    .set({
      state: 'failed',
      response_status: status,
      response: { kind: 'error', body } satisfies StoredResponse,
      updated_at: new Date(),
    })
    .where(and(eq(labelPurchases.id, purchase.id), ne(labelPurchases.state, 'done')));
  return { status, body: { ...body, idempotency_key: key }, replayed: false };
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
): Promise<LabelPurchaseAnswer & { headers: Record<string, string> }> {
  const key = IdempotencyKeySchema.safeParse(idempotencyHeader ?? '');
  if (!key.success) {
    throw new DomainError('VALIDATION', IDEMPOTENCY_KEY_REQUIRED_MESSAGE, {
      errors: [{ path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_REQUIRED_MESSAGE }],
    });
  }
  const answer = await buyLabels(ctx, caller, orderId, boxes, key.data);
  const headers: Record<string, string> = { 'idempotency-key': key.data };
  if (answer.replayed) headers['idempotent-replayed'] = 'true';
  return { ...answer, headers };
}
