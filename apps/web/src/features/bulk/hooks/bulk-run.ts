/** A bulk run's shape and its fallback error text, shared by the hook (use-bulk-batch.ts) and the runner. */
import type { Batch } from '@mc/api';
import { MSG, type PrintOption } from '@mc/domain';

export type BulkAction = 'accept' | 'details' | 'reports';

export interface BulkRun {
  action: BulkAction;
  batch: Batch | null;
  polls: number;
  /** The print option of a reports run (which file to download). */
  option?: PrintOption;
}

/** The message when a bulk action fails without one from the server. */
export function bulkErrorFallback(action: BulkAction): string {
  return action === 'accept'
    ? MSG.BULK_ACCEPT_ERROR
    : action === 'details'
      ? MSG.BULK_DETAILS_ERROR
      : MSG.BULK_REPORTS_ERROR;
}
