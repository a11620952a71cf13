/**
 * Batches as stored: a batch row, one batch_items row per selected order (the durable record of what is
 * done), and batch_files for the outputs. Progress is always derived from the item states.
 */
import type { Batch, BatchFileKind } from '@mc/api';
import {
  type BatchKind,
  type BatchState,
  BULK_MSG,
  DomainError,
  downloadInProgressMessage,
  RECENT_BATCHES_HOURS,
  RECENT_BATCHES_LIMIT,
  type ReportType,
  retryAfterSeconds,
} from '@mc/domain';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { batches, batchFiles, batchItems, merchants, orders } from '../../../db/schema.ts';
import { recordMerchantEvent } from '../outgoing-events.ts';
import { batchFilePath } from './download-links.ts';

export type BatchRow = typeof batches.$inferSelect;

/** Failures listed in an answer (the counts always cover all of them). */
const MAX_FAILURES_LISTED = 100;

export interface NewBatch {
  merchantId: string;
  userId: string;
  kind: BatchKind;
  orderIds: readonly string[];
  reportTypes?: readonly ReportType[];
}

/** First occurrence of each id, in selection order. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()))];
}

/**
 * Stores a batch and its items in one transaction. Orders that are not this merchant's are stored as
 * failed items at once ('Order not found'), so they are counted but never touched. A download batch is
 * refused while another download of the merchant is running (the console says 'Previous download in progress').
 */
export async function insertBatch(ctx: AppContext, input: NewBatch): Promise<string> {
  const ids = uniqueIds(input.orderIds);
  return ctx.database.db.transaction(async (tx) => {
    // Serialise batch creation per merchant so two downloads cannot both pass the check.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bulk:${input.merchantId}`}))`);
    if (input.kind !== 'accept') {
      const [running] = await tx
        .select({ created_at: batches.created_at })
        .from(batches)
        .where(
          and(
            eq(batches.merchant_id, input.merchantId),
            ne(batches.kind, 'accept'),
            inArray(batches.state, ['queued', 'running']),
          ),
        )
        .orderBy(desc(batches.created_at))
        .limit(1);
      if (running) {
        const elapsed = Date.now() - running.created_at.getTime();
        const seconds = retryAfterSeconds(Math.floor(elapsed / 1000));
        throw new DomainError('CONFLICT', downloadInProgressMessage(seconds), {
          headers: { 'retry-after': String(seconds) },
        });
      }
    }
    const mine = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const owned = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.merchant_id, input.merchantId), inArray(orders.id, ids.slice(i, i + 500))));
      for (const o of owned) mine.add(o.id);
    }
    const [batch] = await tx
      .insert(batches)
      .values({
        merchant_id: input.merchantId,
        kind: input.kind,
        report_types: [...new Set(input.reportTypes ?? [])],
        state: 'queued',
        created_by: input.userId,
      })
      .returning({ id: batches.id });
    if (!batch) throw new Error('batch insert returned nothing');
    const rows = ids.map((order_id, position) => ({
      batch_id: batch.id,
      order_id,
      position,
      state: mine.has(order_id) ? 'pending' : 'failed',
      error: mine.has(order_id) ? null : BULK_MSG.ORDER_NOT_FOUND,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(batchItems).values(rows.slice(i, i + 500));
    return batch.id;
  });
}

export async function readBatchRow(ctx: AppContext, batchId: string): Promise<BatchRow | null> {
  const [row] = await ctx.database.db.select().from(batches).where(eq(batches.id, batchId)).limit(1);
  return row ?? null;
}

/** Marks one pending item done or failed; a replay of an item already settled changes nothing. */
export async function settleItem(
  ctx: AppContext,
  batchId: string,
  orderId: string,
  state: 'done' | 'failed',
  error: string | null = null,
): Promise<void> {
  await ctx.database.db
    .update(batchItems)
    .set({ state, error })
    .where(
      and(
        eq(batchItems.batch_id, batchId),
        eq(batchItems.order_id, orderId),
        eq(batchItems.state, 'pending'),
      ),
    );
}

/** Items still to process, in selection order. */
export async function pendingOrderIds(ctx: AppContext, batchId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: batchItems.order_id })
    .from(batchItems)
    .where(and(eq(batchItems.batch_id, batchId), eq(batchItems.state, 'pending')))
    .orderBy(asc(batchItems.position));
  return rows.map((r) => r.id);
}

export async function setBatchState(ctx: AppContext, batchId: string, state: BatchState): Promise<void> {
  const finished = state === 'done' || state === 'failed';
  if (!finished) {
    await ctx.database.db
      .update(batches)
      .set({ state })
      .where(and(eq(batches.id, batchId), sql`${batches.state} NOT IN ('done', 'failed')`));
    return;
  }
  // A batch that finishes sends `batch.completed` (docs/decisions/0138), written with the state that
  // finishes it. Its answer is read first (the items are settled by now): a read outside the transaction
  // while it is open would wait on it forever on PGlite's one connection.
  const [owner] = await ctx.database.db
    .select({ id: merchants.id, tmk: merchants.tmk })
    .from(batches)
    .innerJoin(merchants, eq(merchants.id, batches.merchant_id))
    .where(eq(batches.id, batchId))
    .limit(1);
  if (!owner) return;
  const finishedAt = new Date();
  const answer = await getBatch(ctx, owner, batchId);
  await ctx.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(batches)
      .set({ state, finished_at: finishedAt })
      .where(and(eq(batches.id, batchId), sql`${batches.state} NOT IN ('done', 'failed')`))
      .returning({ id: batches.id });
    if (updated)
      await recordMerchantEvent(tx, owner, 'batch.completed', {
        batch: { ...answer, state, finished_at: finishedAt.toISOString() },
      });
  });
}

export interface BatchCountsRow {
  total: number;
  done: number;
  failed: number;
}

export async function batchCounts(ctx: AppContext, batchId: string): Promise<BatchCountsRow> {
  const [c] = await ctx.database.query<BatchCountsRow>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE state = 'done')::int AS done,
            count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM batch_items WHERE batch_id = $1`,
    [batchId],
  );
  return c ?? { total: 0, done: 0, failed: 0 };
}

/**
 * The store's recent batches, newest first (docs/decisions/0088): those of the last RECENT_BATCHES_HOURS (the
 * life of a download link), at most RECENT_BATCHES_LIMIT, each as `getBatch` answers it.
 */
export async function listRecentBatches(
  ctx: AppContext,
  merchant: { id: string; tmk: string },
): Promise<Batch[]> {
  const since = new Date(Date.now() - RECENT_BATCHES_HOURS * 3600_000);
  const rows = await ctx.database.db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.merchant_id, merchant.id), gte(batches.created_at, since)))
    .orderBy(desc(batches.created_at), desc(batches.id))
    .limit(RECENT_BATCHES_LIMIT);
  return Promise.all(rows.map((r) => getBatch(ctx, merchant, r.id)));
}

/** The batch as the API answers it, or 404 when it is not this merchant's. */
export async function getBatch(
  ctx: AppContext,
  merchant: { id: string; tmk: string },
  batchId: string,
): Promise<Batch> {
  const [b] = await ctx.database.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.merchant_id, merchant.id)))
    .limit(1);
  if (!b) throw new DomainError('NOT_FOUND', 'Batch not found');
  const [counts, failures, files] = await Promise.all([
    batchCounts(ctx, b.id),
    ctx.database.db
      .select({ id: batchItems.order_id, message: batchItems.error })
      .from(batchItems)
      .where(and(eq(batchItems.batch_id, b.id), eq(batchItems.state, 'failed')))
      .orderBy(asc(batchItems.position))
      .limit(MAX_FAILURES_LISTED),
    ctx.database.db.select({ kind: batchFiles.kind }).from(batchFiles).where(eq(batchFiles.batch_id, b.id)),
  ]);
  const has = new Set(files.map((f) => f.kind));
  const link = (kind: BatchFileKind) =>
    has.has(kind) ? batchFilePath(ctx.config, merchant.tmk, b.id, kind) : null;
  const isAccept = b.kind === 'accept';
  return {
    batch_id: b.id,
    kind: b.kind as Batch['kind'],
    state: b.state as Batch['state'],
    report_types: b.report_types,
    total_count: counts.total,
    completed_count: counts.done,
    error_count: counts.failed,
    order_accepted_count: isAccept ? counts.done : 0,
    order_rejected_count: isAccept ? counts.failed : 0,
    failures: failures.map((f) => ({ id: f.id, message: f.message ?? 'Something went wrong' })),
    batch_pdf_urls: {
      packingslip: link('packingslip'),
      receipt: link('receipt'),
      picklist: link('picklist'),
      download: link('zip') ?? link('csv'),
    },
    created_at: b.created_at.toISOString(),
    finished_at: b.finished_at ? b.finished_at.toISOString() : null,
  };
}
