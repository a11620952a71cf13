/**
 * Bulk batches from the orders list: the run in progress and the last accept's failures. The run itself
 * (start, polls, messages, the file) is run-batch.ts, loaded on the first bulk action (docs/decisions/0158).
 * Bulk accept answers with its counts at once for small selections (the server waits a few seconds).
 */
import type { Batch } from '@mc/api';
import type { PrintOption } from '@mc/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { type BulkAction, type BulkRun, bulkErrorFallback } from './bulk-run.ts';

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

const loadRunner = () => import('./run-batch.ts');

export function useBulkBatch(tmk: string, opts: { onAccepted?: () => void } = {}): BulkBatchState {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);
  const [lastAccept, setLastAccept] = useState<Batch | null>(null);
  const runRef = useRef<BulkRun | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onAcceptedRef = useRef(opts.onAccepted);
  onAcceptedRef.current = opts.onAccepted;

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      abortRef.current?.abort();
    };
  }, []);

  const update = useCallback((next: BulkRun | null) => {
    runRef.current = next;
    setRun(next);
  }, []);

  const start = useCallback(
    async (action: BulkAction, ids: string[], option?: PrintOption) => {
      let runner: Awaited<ReturnType<typeof loadRunner>>;
      try {
        runner = await loadRunner();
      } catch (error) {
        // The chunk did not arrive (offline, a deploy in between): nothing started.
        notifyError(error, bulkErrorFallback(action));
        return;
      }
      // Left the page while the runner loaded: start nothing (a run in progress is aborted on leaving too).
      if (!mounted.current) return;
      await runner.runBatch(
        {
          tmk,
          queryClient,
          current: () => runRef.current,
          update,
          setController: (c) => {
            abortRef.current = c;
          },
          isController: (c) => abortRef.current === c,
          setLastAccept,
          onAccepted: () => onAcceptedRef.current?.(),
        },
        action,
        ids,
        option,
      );
    },
    [queryClient, tmk, update],
  );

  return {
    run,
    isRunning: run !== null,
    lastAccept,
    dismissAccept: () => setLastAccept(null),
    accept: (ids) => start('accept', ids),
    downloadDetails: (ids) => start('details', ids),
    downloadReports: (ids, option) => start('reports', ids, option),
  };
}
