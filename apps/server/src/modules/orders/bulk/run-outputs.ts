/**
 * Bulk details (CSV) and bulk reports (one merged PDF per report type, and a zip of them; the pick list
 * is one document summing the batch's orders). The files
 * and the 'done' state of their items are written in ONE transaction, and a file kind is unique per
 * batch: a batch interrupted while rendering renders again, and never leaves two copies. Bulk packing
 * slips mark their new orders printed in that same transaction, as the single slip does.
 */
import { Writable } from 'node:stream';
import type { BatchFileKind } from '@mc/api';
import { BULK_MSG, marksPrinted, REPORT_TYPES, type ReportType } from '@mc/domain';
import type * as archiverModule from 'archiver';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { type Tx, withReadDatabase } from '../../../db/client.ts';
import { batchFiles, batchItems, merchants } from '../../../db/schema.ts';
import { lazyRequire } from '../../../lib/lazy-require.ts';
import { batchFileName } from '../../../pdf/batch.ts';
import { pickListFileName } from '../../../pdf/pick-list.ts';
import { toDocumentOrder } from '../printouts/document-order.ts';
import { markPrinted } from '../printouts/get-report.ts';
import { type BulkOrderRow, loadBulkOrders } from '../printouts/load-orders.ts';
import { type BatchRow, pendingOrderIds, settleItem } from './batch-store.ts';
import { copyDetailsLines, DetailsRangeError } from './details-copy.ts';
import { writeDetailsLines } from './details-csv.ts';
import { batchDetailsLines } from './details-lines.ts';
import { renderBatchPdf } from './render-pool.ts';

/** archiver loads with the first zip (lib/lazy-require.ts), not at start-up. */
const archiver = lazyRequire<typeof archiverModule>('archiver');

export interface BatchFile {
  kind: BatchFileKind;
  filename: string;
  content_type: string;
  content: Buffer;
}

/** Stores the files and settles every still-pending item as done, atomically (with `also`, if given). */
async function storeFiles(
  ctx: AppContext,
  batchId: string,
  files: BatchFile[],
  also?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await also?.(tx);
    for (const f of files) {
      await tx
        .insert(batchFiles)
        .values({
          batch_id: batchId,
          kind: f.kind,
          filename: f.filename,
          content_type: f.content_type,
          content: f.content,
        })
        .onConflictDoNothing({ target: [batchFiles.batch_id, batchFiles.kind] });
    }
    await tx
      .update(batchItems)
      .set({ state: 'done' })
      .where(and(eq(batchItems.batch_id, batchId), eq(batchItems.state, 'pending')));
  });
}

/** The pending orders that still exist for the merchant; the vanished ones are settled as failed. */
async function loadPending(ctx: AppContext, batch: BatchRow): Promise<BulkOrderRow[]> {
  const ids = await pendingOrderIds(ctx, batch.id);
  // The orders' reads may use the read replica once it has replayed the batch (withReadDatabase).
  const rows = await withReadDatabase(ctx.database, async (database) => {
    const loaded: BulkOrderRow[] = [];
    for (let i = 0; i < ids.length; i += 250)
      loaded.push(...(await loadBulkOrders(database, batch.merchant_id, ids.slice(i, i + 250))));
    return loaded;
  });
  const found = new Set(rows.map((r) => r.id));
  for (const id of ids)
    if (!found.has(id)) await settleItem(ctx, batch.id, id, 'failed', BULK_MSG.ORDER_NOT_FOUND);
  return rows;
}

const shortId = (batchId: string) => batchId.slice(0, 8);

export function detailsFileName(batchId: string): string {
  return `${shortId(batchId)}_Order Details.csv`;
}

export function reportsZipName(batchId: string): string {
  return `${shortId(batchId)}_Reports.zip`;
}

/** The batch's store (its name, address and time zone go on the files). */
async function batchMerchant(ctx: AppContext, batch: BatchRow) {
  const [merchant] = await ctx.database.db
    .select()
    .from(merchants)
    .where(eq(merchants.id, batch.merchant_id))
    .limit(1);
  if (!merchant) throw new Error(`merchant of batch ${batch.id} is gone`);
  return merchant;
}

/**
 * The pending items whose order is gone (or is not the merchant's) are settled as failed in one statement;
 * the others are read straight into the file — no array of orders. On PostgreSQL the database writes the
 * CSV text itself (details-copy.ts: one COPY, decision 0108); on PGlite, or when a timestamp lies outside
 * what details-copy can write, the JS writer does (details-lines.ts → details-csv.ts: keyset pages, or one
 * cursor), with the same bytes. The file's bytes are kept as they are written and stored with the items'
 * 'done' in one transaction (a batch file is one bytea row).
 */
export async function runDetailsBatch(ctx: AppContext, batch: BatchRow): Promise<void> {
  await ctx.database.query(
    `UPDATE batch_items b SET state = 'failed', error = $3
      WHERE b.batch_id = $1 AND b.state = 'pending'
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = b.order_id AND o.merchant_id = $2)`,
    [batch.id, batch.merchant_id, BULK_MSG.ORDER_NOT_FOUND],
  );
  const merchant = await batchMerchant(ctx, batch);
  const opts = { timeZone: merchant.timezone };
  // The file is read on the read replica once it has replayed the batch and the update above, else on the
  // primary; a read that fails there is read again from the start on the primary (withReadDatabase).
  const { chunks, lines } = await withReadDatabase(ctx.database, async (database) => {
    let chunks: Buffer[] = [];
    const file = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    let copied: { lines: number } | null = null;
    if (database.pool) {
      try {
        copied = await copyDetailsLines(database, batch, file, opts);
      } catch (err) {
        if (!(err instanceof DetailsRangeError)) throw err;
        chunks = []; // what the COPY wrote before it stopped is not the file
      }
    }
    const { lines } = copied ?? (await writeDetailsLines(batchDetailsLines(database, batch), file, opts));
    return { chunks, lines };
  });
  if (lines === 0) return;
  await storeFiles(ctx, batch.id, [
    {
      kind: 'csv',
      filename: detailsFileName(batch.id),
      content_type: 'text/csv; charset=utf-8',
      content: Buffer.concat(chunks),
    },
  ]);
}

async function zip(files: BatchFile[]): Promise<Buffer> {
  const archive = new (archiver().ZipArchive)({ zlib: { level: 1 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const f of files) archive.append(f.content, { name: f.filename });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

export async function runReportsBatch(ctx: AppContext, batch: BatchRow): Promise<void> {
  const rows = await loadPending(ctx, batch);
  if (rows.length === 0) return;
  const merchant = await batchMerchant(ctx, batch);
  const docs = rows.map((r) => toDocumentOrder(r, merchant, ctx.config.siteName));
  const types = [...new Set(batch.report_types)].filter((t): t is ReportType =>
    (REPORT_TYPES as readonly string[]).includes(t),
  );
  // Receipts and packing slips: one merged PDF of every order's document. The pick list: ONE document
  // for the whole batch, each SKU once with its summed quantity (pdf/pick-list.ts).
  const pdfs: BatchFile[] = await Promise.all(
    types.map(async (kind) => ({
      kind,
      filename:
        kind === 'picklist' ? pickListFileName(shortId(batch.id)) : batchFileName(kind, shortId(batch.id)),
      content_type: 'application/pdf',
      content: await renderBatchPdf(kind, docs, ctx.config.bulkRenderThreads),
    })),
  );
  const archive: BatchFile = {
    kind: 'zip',
    filename: reportsZipName(batch.id),
    content_type: 'application/zip',
    content: await zip(pdfs),
  };
  const printed = types.includes('packingslip')
    ? (tx: Tx) =>
        markPrinted(
          tx,
          batch.merchant_id,
          rows.filter((r) => marksPrinted(r.status, r.printed_timestamp)).map((r) => r.id),
        )
    : undefined;
  await storeFiles(ctx, batch.id, [...pdfs, archive], printed);
}
