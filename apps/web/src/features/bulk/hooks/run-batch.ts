/**
 * A bulk batch run: starts it, polls it every second up to 20 times with the spec's messages, saves its file
 * or shows the accept's counts. Loaded on the first bulk action (use-bulk-batch.ts), not with the orders
 * page (docs/decisions/0158).
 */
import { notifications } from '@mantine/notifications';
import type { Batch } from '@mc/api';
import {
  BULK_MAX_POLLS,
  BULK_POLL_INTERVAL_MS,
  bulkAcceptMessage,
  bulkDownloadMessage,
  downloadInProgressMessage,
  MSG,
  type PrintOption,
  reportTypesFor,
  retryAfterSeconds,
} from '@mc/domain';
import type { QueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../lib/notify.ts';
import { bulkKeys, ordersKeys } from '../../../lib/query-keys.ts';
import { bulkAccept, getBatch, startDetailsBatch, startReportsBatch } from '../api/bulk-requests.ts';
import { type BulkAction, type BulkRun, bulkErrorFallback } from './bulk-run.ts';

/** What a run reads and writes of the hook that started it. */
export interface BatchRunContext {
  tmk: string;
  queryClient: QueryClient;
  /** The run in progress, read synchronously (a second start while one runs is refused). */
  current: () => BulkRun | null;
  update: (next: BulkRun | null) => void;
  /** The run's abort controller while it runs (the hook aborts it on unmount). */
  setController: (controller: AbortController | null) => void;
  isController: (controller: AbortController) => boolean;
  setLastAccept: (batch: Batch | null) => void;
  onAccepted: () => void;
}

const PROCESSING_TOAST = 'bulk-processing';
const COLORS = { success: 'teal', warning: 'yellow', error: 'red' } as const;
const settled = (b: Batch) => b.state === 'done' || b.state === 'failed';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

/** Saves a batch file through the browser (a signed same-origin link; the server sends it as an attachment). */
function saveFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function fileOf(batch: Batch, option: PrintOption | undefined): string | null {
  const urls = batch.batch_pdf_urls;
  if (option === 'receipt') return urls.receipt;
  if (option === 'packingslip') return urls.packingslip;
  if (option === 'picklist') return urls.picklist;
  return urls.download;
}

function finish(ctx: BatchRunContext, r: BulkRun, batch: Batch): void {
  if (r.action === 'accept') {
    const m = bulkAcceptMessage(batch);
    notifications.show({ color: COLORS[m.level], message: m.message });
    ctx.setLastAccept(batch.failures.length ? batch : null);
    void ctx.queryClient.invalidateQueries({ queryKey: ordersKeys.all(ctx.tmk) });
    ctx.onAccepted();
    return;
  }
  const m = bulkDownloadMessage(r.action, batch);
  // Packing slips printed in bulk mark their new orders 'Printed': refresh the list.
  if (batch.report_types.includes('packingslip'))
    void ctx.queryClient.invalidateQueries({ queryKey: ordersKeys.all(ctx.tmk) });
  const url = batch.completed_count > 0 ? fileOf(batch, r.option) : null;
  if (url) saveFile(url);
  notifications.show({ color: COLORS[m.level], message: m.message });
}

const BEGIN: Record<BulkAction, (tmk: string, ids: string[], option?: PrintOption) => Promise<Batch>> = {
  accept: (tmk, ids) => bulkAccept(tmk, ids),
  details: (tmk, ids) => startDetailsBatch(tmk, ids),
  reports: (tmk, ids, option) => startReportsBatch(tmk, ids, reportTypesFor(option ?? 'all')),
};

export async function runBatch(
  ctx: BatchRunContext,
  action: BulkAction,
  ids: string[],
  option?: PrintOption,
): Promise<void> {
  const running = ctx.current();
  if (running) {
    const message =
      running.action === 'accept'
        ? MSG.BULK_PROCESSING
        : downloadInProgressMessage(retryAfterSeconds(running.polls));
    notifications.show({ color: 'yellow', message });
    return;
  }
  const controller = new AbortController();
  ctx.setController(controller);
  let r: BulkRun = { action, batch: null, polls: 0, option };
  ctx.update(r);
  notifications.show({ id: PROCESSING_TOAST, color: 'blue', message: MSG.BULK_PROCESSING });
  try {
    let batch = await BEGIN[action](ctx.tmk, ids, option);
    r = { ...r, batch };
    ctx.update(r);
    // The recent batches list shows it (and keeps it after a reload).
    void ctx.queryClient.invalidateQueries({ queryKey: bulkKeys.batches(ctx.tmk) });
    while (!settled(batch) && r.polls < BULK_MAX_POLLS) {
      await sleep(BULK_POLL_INTERVAL_MS, controller.signal);
      batch = await getBatch(ctx.tmk, batch.batch_id, controller.signal);
      r = { ...r, batch, polls: r.polls + 1 };
      ctx.update(r);
    }
    if (settled(batch)) {
      finish(ctx, r, batch);
      void ctx.queryClient.invalidateQueries({ queryKey: bulkKeys.batches(ctx.tmk) });
    } else if (action === 'accept') {
      // Still accepting on the server: the list updates as orders change.
      notifications.show({ color: 'blue', message: MSG.BULK_PROCESSING });
      void ctx.queryClient.invalidateQueries({ queryKey: ordersKeys.all(ctx.tmk) });
    } else notifications.show({ color: 'blue', message: MSG.BULK_TAKING_LONGER, autoClose: false });
  } catch (error) {
    if (controller.signal.aborted) return;
    // A refused start (409 'Previous download in progress…', 400) shows the server's message.
    notifyError(error, bulkErrorFallback(action));
  } finally {
    notifications.hide(PROCESSING_TOAST);
    if (ctx.isController(controller)) ctx.setController(null);
    ctx.update(null);
  }
}
