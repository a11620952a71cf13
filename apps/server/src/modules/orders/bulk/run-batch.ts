/**
 * Runs one batch to the end (called by the job worker). Safe to call again for the same batch at any
 * point — after a crash, a retry, or twice: every step skips what is already stored.
 */
import { BULK_POLL_INTERVAL_MS, BULK_POLL_WINDOW_MS } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import type { StepLog } from '../../../lib/steps.ts';
import { readBatchRow, setBatchState } from './batch-store.ts';
import { emailBatchFile, shouldEmail } from './email-batch.ts';
import { runAcceptBatch } from './run-accept.ts';
import { runDetailsBatch, runReportsBatch } from './run-outputs.ts';

export interface RunBatchOptions {
  /** Email the file when the batch took at least this long (default: the console's polling window). */
  emailAfterMs?: number;
  acceptConcurrency?: number;
  /** Aborted when the process stops: the batch ends between two orders and throws, to be resumed elsewhere. */
  signal?: AbortSignal;
  /** The worker's logger: a compensated capture (lib/steps.ts) is logged with the job. */
  log?: StepLog | undefined;
}

/** A second short of the 20 polls, so a batch finishing around the last poll is emailed rather than lost. */
export const DEFAULT_EMAIL_AFTER_MS = BULK_POLL_WINDOW_MS - BULK_POLL_INTERVAL_MS;

export async function runBatch(ctx: AppContext, batchId: string, opts: RunBatchOptions = {}): Promise<void> {
  let batch = await readBatchRow(ctx, batchId);
  if (!batch) return;
  if (batch.state !== 'done' && batch.state !== 'failed') {
    opts.signal?.throwIfAborted();
    await setBatchState(ctx, batchId, 'running');
    if (batch.kind === 'accept')
      await runAcceptBatch(ctx, batch, {
        concurrency: opts.acceptConcurrency,
        signal: opts.signal,
        log: opts.log,
      });
    else if (batch.kind === 'details') await runDetailsBatch(ctx, batch);
    else if (batch.kind === 'reports') await runReportsBatch(ctx, batch);
    opts.signal?.throwIfAborted();
    await setBatchState(ctx, batchId, 'done');
    batch = (await readBatchRow(ctx, batchId)) ?? batch;
  }
  if (
    batch.state === 'done' &&
    batch.finished_at &&
    shouldEmail(batch, batch.finished_at, opts.emailAfterMs ?? DEFAULT_EMAIL_AFTER_MS)
  ) {
    await emailBatchFile(ctx, batchId);
  }
}

/** After the last retry: the batch cannot finish; settle what is left so the counts add up. */
export async function failBatch(ctx: AppContext, batchId: string, message: string): Promise<void> {
  await ctx.database.query(
    `UPDATE batch_items SET state = 'failed', error = $2 WHERE batch_id = $1 AND state = 'pending'`,
    [batchId, message],
  );
  await setBatchState(ctx, batchId, 'failed');
}
