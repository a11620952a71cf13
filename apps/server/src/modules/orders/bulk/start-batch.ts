/**
 * Starting a bulk batch (accept, details CSV, reports) and reading a batch file: the work behind the bulk
 * endpoints. Every batch is a durable background job on the context's queue (bulk-queue.ts).
 */
import type { Batch, BatchFileKind } from '@mc/api';
import { DomainError, type ReportType } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { batches, batchFiles, merchants } from '../../../db/schema.ts';
import { bulkJobs } from './bulk-queue.ts';
import type { Caller } from '../../../lib/principal.ts';
import { getBatch, insertBatch } from './batch-store.ts';
import { verifyBatchFileSignature } from './download-links.ts';

/** How long POST …/bulk/accept waits for its batch before answering with the batch in progress. */
export const ACCEPT_WAIT_MS = 4000;

async function start(
  ctx: AppContext,
  caller: Caller,
  batch: { kind: 'accept' | 'details' | 'reports'; orderIds: string[]; reportTypes?: ReportType[] },
  waitMs = 0,
): Promise<Batch> {
  const queue = await bulkJobs(ctx);
  const batchId = await insertBatch(ctx, {
    merchantId: caller.merchant.id,
    userId: caller.principal.userId,
    ...batch,
  });
  await queue.enqueue(batchId);
  if (waitMs > 0) await queue.waitForBatch(batchId, waitMs);
  return getBatch(ctx, caller.merchant, batchId);
}

/** Bulk accept; answers once the batch is done or after ACCEPT_WAIT_MS (`wait=false`: at once). */
export function startAcceptBatch(
  ctx: AppContext,
  caller: Caller,
  orderIds: string[],
  wait: 'true' | 'false' | undefined,
): Promise<Batch> {
  return start(ctx, caller, { kind: 'accept', orderIds }, wait === 'false' ? 0 : ACCEPT_WAIT_MS);
}

export function startDetailsBatch(ctx: AppContext, caller: Caller, orderIds: string[]): Promise<Batch> {
  return start(ctx, caller, { kind: 'details', orderIds });
}

export function startReportsBatch(
  ctx: AppContext,
  caller: Caller,
  orderIds: string[],
  reportTypes: ReportType[],
): Promise<Batch> {
  return start(ctx, caller, { kind: 'reports', orderIds, reportTypes });
}

export interface BatchFile {
  filename: string;
  content_type: string;
  content: Buffer;
}

/** A batch file by its signed link (404 when the link is expired, forged or names nothing). */
export async function getBatchFile(
  ctx: AppContext,
  params: { tmk: string; batch_id: string; kind: BatchFileKind },
  query: { expires: string; signature: string },
): Promise<BatchFile> {
  const { tmk, batch_id, kind } = params;
  if (!verifyBatchFileSignature(ctx.config, tmk, batch_id, kind, Number(query.expires), query.signature)) {
    throw new DomainError('NOT_FOUND', 'This download link has expired or is not valid.');
  }
  const [file] = await ctx.database.db
    .select({
      filename: batchFiles.filename,
      content_type: batchFiles.content_type,
      content: batchFiles.content,
    })
    .from(batchFiles)
    .innerJoin(batches, eq(batches.id, batchFiles.batch_id))
    .innerJoin(merchants, eq(merchants.id, batches.merchant_id))
    .where(and(eq(batchFiles.batch_id, batch_id), eq(batchFiles.kind, kind), eq(merchants.tmk, tmk)))
    .limit(1);
  if (!file) throw new DomainError('NOT_FOUND', 'File not found');
  return file;
}
