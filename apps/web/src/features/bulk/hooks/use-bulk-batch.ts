/**
 * Starts a bulk batch and polls it every second, up to 20 polls, with the spec's
 * messages. Downloads start by themselves when ready; after 20 polls the server emails the file.
 * Bulk accept answers with its counts at once for small selections (the server waits a few seconds).
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
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { bulkKeys, ordersKeys } from '../../../lib/query-keys.ts';
import { bulkAccept, getBatch, startDetailsBatch, startReportsBatch } from '../api/bulk-requests.ts';

type BulkAction = 'accept' | 'details' | 'reports';

interface BulkRun {
  action: BulkAction;
  batch: Batch | null;
  polls: number;
  /** The print option of a reports run (which file to download). */
  option?: PrintOption;
}

export interface BulkBatchState {
  /** The run in progress (null when idle). */
  run: BulkRun | null;
  isRunning: boolean;
  /** The last finished accept, for the list of failed orders. */
  lastAccept: Batch | null;
  dismissAccept: () => void;
  accept: (ids: string[]) => Promise<void>;
  downloadDetails: (ids: string[]) => Promise<void>;
  downloadReports: (ids: string[], option: PrintOption) => Promise<void>;
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

export function useBulkBatch(tmk: string, opts: { onAccepted?: () => void } = {}): BulkBatchState {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);
  const [lastAccept, setLastAccept] = useState<Batch | null>(null);
  const runRef = useRef<BulkRun | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onAcceptedRef = useRef(opts.onAccepted);
  onAcceptedRef.current = opts.onAccepted;

  useEffect(() => () => abortRef.current?.abort(), []);

  const update = useCallback((next: BulkRun | null) => {
    runRef.current = next;
    setRun(next);
  }, []);

  const finish = useCallback(
    (r: BulkRun, batch: Batch) => {
      if (r.action === 'accept') {
        const m = bulkAcceptMessage(batch);
        notifications.show({ color: COLORS[m.level], message: m.message });
        setLastAccept(batch.failures.length ? batch : null);
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all(tmk) });
        onAcceptedRef.current?.();
        return;
      }
      const m = bulkDownloadMessage(r.action, batch);
      // Packing slips printed in bulk mark their new orders 'Printed': refresh the list.
      if (batch.report_types.includes('packingslip'))
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all(tmk) });
      const url = batch.completed_count > 0 ? fileOf(batch, r.option) : null;
      if (url) saveFile(url);
      notifications.show({ color: COLORS[m.level], message: m.message });
    },
    [queryClient, tmk],
  );

  const start = useCallback(
    async (action: BulkAction, begin: () => Promise<Batch>, option?: PrintOption) => {
      const running = runRef.current;
      if (running) {
        const message =
          running.action === 'accept'
            ? MSG.BULK_PROCESSING
            : downloadInProgressMessage(retryAfterSeconds(running.polls));
        notifications.show({ color: 'yellow', message });
        return;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      let r: BulkRun = { action, batch: null, polls: 0, option };
      update(r);
      notifications.show({ id: PROCESSING_TOAST, color: 'blue', message: MSG.BULK_PROCESSING });
      try {
        let batch = await begin();
        r = { ...r, batch };
        update(r);
        // The recent batches list shows it (and keeps it after a reload).
        void queryClient.invalidateQueries({ queryKey: bulkKeys.batches(tmk) });
        while (!settled(batch) && r.polls < BULK_MAX_POLLS) {
          await sleep(BULK_POLL_INTERVAL_MS, controller.signal);
          batch = await getBatch(tmk, batch.batch_id, controller.signal);
          r = { ...r, batch, polls: r.polls + 1 };
          update(r);
        }
        if (settled(batch)) {
          finish(r, batch);
          void queryClient.invalidateQueries({ queryKey: bulkKeys.batches(tmk) });
        } else if (action === 'accept') {
          // Still accepting on the server: the list updates as orders change.
          notifications.show({ color: 'blue', message: MSG.BULK_PROCESSING });
          void queryClient.invalidateQueries({ queryKey: ordersKeys.all(tmk) });
        } else notifications.show({ color: 'blue', message: MSG.BULK_TAKING_LONGER, autoClose: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        const fallback =
          action === 'accept'
            ? MSG.BULK_ACCEPT_ERROR
            : action === 'details'
              ? MSG.BULK_DETAILS_ERROR
              : MSG.BULK_REPORTS_ERROR;
        // A refused start (409 'Previous download in progress…', 400) shows the server's message.
        notifyError(error, fallback);
      } finally {
        notifications.hide(PROCESSING_TOAST);
        if (abortRef.current === controller) abortRef.current = null;
        update(null);
      }
    },
    [finish, queryClient, tmk, update],
  );

  return {
    run,
    isRunning: run !== null,
    lastAccept,
    dismissAccept: () => setLastAccept(null),
    accept: (ids) => start('accept', () => bulkAccept(tmk, ids)),
    downloadDetails: (ids) => start('details', () => startDetailsBatch(tmk, ids)),
    downloadReports: (ids, option) =>
      start('reports', () => startReportsBatch(tmk, ids, reportTypesFor(option)), option),
  };
}
